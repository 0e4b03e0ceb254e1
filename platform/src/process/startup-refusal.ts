/**
 * A start that cannot go on for a reason the operator can fix, said in full by its message (a
 * cluster left by an earlier copy, a port taken). Entry points that call reportStartupRefusals()
 * print it as one plain line; a stack would bury the one sentence that says what to do.
 */
export class StartupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusal';
  }
}

/**
 * An uncaught StartupRefusal (entry points start with top-level await, so a refused start surfaces
 * here) is printed as its message alone, and the process exits 1. Anything else is reported as Node
 * would without this handler: the stack, exit 1.
 */
export function reportStartupRefusals(): void {
  process.on('uncaughtException', (error) => {
    process.stderr.write(`${error instanceof StartupRefusal ? error.message : (error.stack ?? String(error))}\n`);
    process.exit(1);
  });
}
