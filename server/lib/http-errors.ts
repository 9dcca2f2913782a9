// Errors with an HTTP status and a pt-BR message; the error handler turns them into JSON (server only).
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public body?: Record<string, unknown>,
  ) {
    super(message);
  }
}
export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = "Registro não encontrado.") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
