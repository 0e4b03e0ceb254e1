const KEEP_LINES = 40;

/** The last lines a child process wrote, for an error message that shows the child's own words. */
export class OutputTail {
  private readonly lines: string[] = [];
  private partial = '';

  /** Takes a chunk of output; returns the lines it completed. */
  push(chunk: string): string[] {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    const complete = parts.map((line) => line.trimEnd()).filter((line) => line.length > 0);
    this.lines.push(...complete);
    this.lines.splice(0, Math.max(0, this.lines.length - KEEP_LINES));
    return complete;
  }

  text(): string {
    return [...this.lines, ...(this.partial ? [this.partial] : [])].join('\n');
  }
}
