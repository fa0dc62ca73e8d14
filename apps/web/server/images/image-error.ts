/** A failed image request and the status it answers with (400, 404, 502, 503, 504). */
export class ImageError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
