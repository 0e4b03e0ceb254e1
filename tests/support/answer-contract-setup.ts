import { afterEach } from 'vitest';
import { answerViolations } from './answer-contract';

// An answer the published document does not describe fails the test that received it (answer-contract.ts).
afterEach(() => {
  const found = answerViolations.splice(0);
  if (found.length > 0) throw new Error(`Answers the API document does not describe:\n- ${found.join('\n- ')}`);
});
