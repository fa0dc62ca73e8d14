/**
 * A failed image request and the status it answers with (400, 404, 502, 503, 504), and what
 * failed: the request itself (a width no page asks for), the source image (missing, no image,
 * too large, or the API failing to send it), or the server's room to make it (busy).
 */
export class ImageError extends Error {
  readonly status: number;
  readonly about: "request" | "source" | "busy";

  constructor(status: number, message: string, about: ImageError["about"] = "source") {
    super(message);
    this.status = status;
    this.about = about;
  }
}
