/** An error answer: `{"error": "<message>"}` with the status code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
export const notFound = (what: string): ApiError => new ApiError(404, `${what} not found`);
/** An operation the current state does not allow: 409, nothing changes. */
export const conflict = (message: string): ApiError => new ApiError(409, message);
