/**
 * Reading Prometheus's text format in tests and benchmarks: the sum of every sample whose line
 * begins with `series` (`http_requests_total{`, `page_cache_bytes{pool="pages"}`).
 */
export const sumOfSeries = (text: string, series: string): number =>
  text
    .split("\n")
    .filter((line) => line.startsWith(series))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
