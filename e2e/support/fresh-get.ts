/** A GET without keep-alive, for tests and benchmarks of several server processes. */
import http from "node:http";

/**
 * A GET on a connection of its own (so that each request may reach another server process):
 * the status, the body and the site's page-cache header (`x-cache`).
 */
export function freshGet(
  url: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{
  status: number;
  body: string;
  cache: string;
  headers: http.IncomingHttpHeaders;
}> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            cache: String(res.headers["x-cache"]),
            headers: res.headers,
          }),
        );
      })
      .on("error", reject);
  });
}
