/** Bad arguments: the usage is printed and the process exits with 2. */
export class UsageError extends Error {}

/** A command that could not do what was asked, for a reason the operator can act on (subclasses name the kind): exit 1, no stack. */
export class CommandError extends Error {}
