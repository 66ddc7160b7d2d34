import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// The figures above a report's or a list's table (totals over every filtered row), one card each, named by its label
// for a screen reader.

export function FigureCards({ cards }: { cards: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(cards.length, 3) }} mb="md">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="md" role="group" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text size="xl" fw={700}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
