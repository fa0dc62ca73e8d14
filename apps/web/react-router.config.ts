import type { Config } from "@react-router/dev/config";
import { buildDirectory } from "./server/settings.server.ts";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or test runs keep separate builds (serve.ts reads it too).
  buildDirectory: buildDirectory(),
} satisfies Config;
