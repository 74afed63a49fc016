/** A failure the command already reported itself (as JSON with --json): the CLI only exits with its code. */
export class ReportedFailure extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'ReportedFailure';
    this.exitCode = exitCode;
  }
}
