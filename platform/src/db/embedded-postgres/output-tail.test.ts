import { describe, expect, it } from 'vitest';
import { OutputTail } from './output-tail';

describe('the last lines of a child process', () => {
  it('joins lines split across chunks and hands back the ones completed', () => {
    const tail = new OutputTail();
    expect(tail.push('LOG:  starting Postgre')).toEqual([]);
    expect(tail.push('SQL 18\nLOG:  listening\n\nFATAL:  could not')).toEqual(['LOG:  starting PostgreSQL 18', 'LOG:  listening']);
    expect(tail.text()).toBe('LOG:  starting PostgreSQL 18\nLOG:  listening\nFATAL:  could not');
  });

  it('keeps only the last forty lines', () => {
    const tail = new OutputTail();
    tail.push(Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n') + '\n');
    const lines = tail.text().split('\n');
    expect(lines).toHaveLength(40);
    expect(lines[0]).toBe('line 10');
  });
});
