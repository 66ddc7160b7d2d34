import { Accordion, Button, Container, Group, Title } from '@mantine/core';
import { useNavigate } from 'react-router';

const FAQS = [
  {
    q: 'How do I get an account?',
    a: 'Accounts are created by the shop administrator, who gives you a temporary password to change at first sign-in.',
  },
  {
    q: 'I forgot my password. What now?',
    a: 'Use "Lost password?" on the sign-in page. A temporary password valid for 30 minutes is e-mailed to you.',
  },
  {
    q: 'Why is my account locked?',
    a: 'After several wrong passwords the account locks for 15 minutes; an administrator can also lock or unlock it.',
  },
];

export function FaqPage() {
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2" mb="md">
        Frequently asked questions
      </Title>
      <Accordion variant="separated">
        {FAQS.map((f) => (
          <Accordion.Item key={f.q} value={f.q}>
            <Accordion.Control>{f.q}</Accordion.Control>
            <Accordion.Panel>{f.a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group mt="lg">
        <Button variant="default" onClick={() => navigate(-1)}>
          Back
        </Button>
        <Button variant="light" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          Top
        </Button>
      </Group>
    </Container>
  );
}
