/** A command failure the connector passes on as `{code, message}`: the message says what to do. */
export class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
