/** An exit the command has already explained on stderr: the entry point only sets the exit code. */
export class CliExit extends Error {
  readonly exitCode: number;

  constructor(exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'CliExit';
    this.exitCode = exitCode;
  }
}
