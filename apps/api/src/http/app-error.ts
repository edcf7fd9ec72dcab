import { ERROR_CATALOGUE, type ErrorCode } from '@vaultline/contracts';

/** The one error type services throw; the error handler turns it into `{ code, message, data }`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly data?: unknown,
  ) {
    super(ERROR_CATALOGUE[code].en);
    this.name = 'AppError';
    this.status = ERROR_CATALOGUE[code].status;
  }
}
