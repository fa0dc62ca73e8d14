/** The request's language (the `lang` header) and the server's own messages in both languages. */

import type { IncomingMessage } from "node:http";
import { defaultLanguage, type Language } from "@site/contract";

/** `lang: ar` (or `ar-SA`) → Arabic; anything else, or nothing, → English. */
export function requestLanguage(req: IncomingMessage): Language {
  const header = req.headers.lang;
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? "";
  const primary = value.split(/[-_,;\s]/)[0];
  return primary === "ar" || primary === "en" ? primary : defaultLanguage;
}

export const serverMessages = {
  en: {
    notFound: "Not found.",
    methodNotAllowed: "Method not allowed.",
    unsupportedMediaType: "Send the message as JSON (Content-Type: application/json).",
    payloadTooLarge: "The message is too large.",
    invalidJson: "The request body is not valid JSON.",
    invalidIdempotencyKey: "The Idempotency-Key header must be 1 to 100 visible characters.",
    invalidData: "The given data was invalid.",
    tooManyRequests: "Too many messages. Please wait a minute and try again.",
    serverError: "Something went wrong on the server.",
  },
  ar: {
    notFound: "غير موجود.",
    methodNotAllowed: "الطريقة غير مسموح بها.",
    unsupportedMediaType: "أرسل الرسالة بصيغة JSON (Content-Type: application/json).",
    payloadTooLarge: "الرسالة كبيرة جدًا.",
    invalidJson: "محتوى الطلب ليس JSON صالحًا.",
    invalidIdempotencyKey: "يجب أن تتكوّن الترويسة Idempotency-Key من 1 إلى 100 حرف مرئي.",
    invalidData: "البيانات المرسلة غير صالحة.",
    tooManyRequests: "رسائل كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
    serverError: "حدث خطأ في الخادم.",
  },
} satisfies Record<Language, Record<string, string>>;

export type ServerMessage = keyof (typeof serverMessages)["en"];
