import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Title and breadcrumbs; Home is the root everywhere. The title is the screen's one h1, sized as before. */
export function PageHeader({ title, trail = [] }: { title: string; trail?: Crumb[] }) {
  return (
    <>
      <Breadcrumbs mb="xs" className="no-print">
        <Anchor component={Link} to="/home">
          Home
        </Anchor>
        {trail.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.label} component={Link} to={crumb.to}>
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={crumb.label}>{crumb.label}</Text>
          ),
        )}
      </Breadcrumbs>
      <Title order={1} size="h2" mb="md">
        {title}
      </Title>
    </>
  );
}
