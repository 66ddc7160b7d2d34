import { useState } from 'react';

const operand = () => 1 + Math.floor(Math.random() * 10);

/** The sign-in arithmetic question: the sum of two integers from 1 to 10, redrawn by Reset. */
export function useCaptcha() {
  const [question, setQuestion] = useState(() => ({ a: operand(), b: operand() }));
  const [answer, setAnswer] = useState('');
  const solved = answer.trim() !== '' && Number(answer) === question.a + question.b;
  const error = answer.trim() === '' ? undefined : solved ? undefined : 'Incorrect answer. Please try again.';
  const reset = () => {
    setQuestion({ a: operand(), b: operand() });
    setAnswer('');
  };
  return { question, answer, setAnswer, solved, error, reset };
}
