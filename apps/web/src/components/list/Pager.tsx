import { countOf } from '@duka/shared';
import { Button, Group, Text } from '@mantine/core';

/** First, previous, a window of up to four pages from the current one, next, last; and the summary line. */
export function Pager({
  page,
  lastPage,
  from,
  to,
  total,
  onPage,
  hideUnavailable = false,
}: {
  page: number;
  lastPage: number;
  from: number | null;
  to: number | null;
  total: number;
  onPage: (page: number) => void;
  /** Reports: first and previous only above page 1, next and last only below the last page. */
  hideUnavailable?: boolean;
}) {
  const hasBefore = page > 1;
  const hasAfter = page < lastPage;
  const go = (target: number) => {
    if (target >= 1 && target <= lastPage && target !== page) onPage(target);
  };
  const windowEnd = Math.min(lastPage, page + 3);
  const pages = Array.from({ length: windowEnd - page + 1 }, (_, i) => page + i);
  return (
    <Group justify="space-between" mt="md" className="no-print">
      <Text size="sm" c="dimmed">
        Showing {from ?? 0} to {to ?? 0} of {countOf(total, 'result')}
      </Text>
      <Group gap={4} aria-label="Pagination">
        {(hasBefore || !hideUnavailable) && (
          <>
            <Button size="xs" variant="default" disabled={!hasBefore} onClick={() => go(1)} aria-label="First page">
              «
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!hasBefore}
              onClick={() => go(page - 1)}
              aria-label="Previous page"
            >
              ‹
            </Button>
          </>
        )}
        {pages.map((n) => (
          <Button
            key={n}
            size="xs"
            variant={n === page ? 'filled' : 'default'}
            onClick={() => go(n)}
            aria-current={n === page ? 'page' : undefined}
          >
            {n}
          </Button>
        ))}
        {(hasAfter || !hideUnavailable) && (
          <>
            <Button
              size="xs"
              variant="default"
              disabled={!hasAfter}
              onClick={() => go(page + 1)}
              aria-label="Next page"
            >
              ›
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!hasAfter}
              onClick={() => go(lastPage)}
              aria-label="Last page"
            >
              »
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
