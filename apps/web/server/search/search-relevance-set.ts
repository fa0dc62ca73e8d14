/**
 * The relevance set of site search (issue 31): queries as visitors type them over the demo
 * content, each with the pages it must find, grouped by what makes them hard. Read by
 * search-relevance.server.test.ts, which prints recall@10 and MRR per language and fails below
 * the floors it sets.
 */
import type { Language } from "@site/contract";

/** What a query tests. */
export type Case =
  | "word"
  | "stem"
  | "prefix"
  | "plural"
  | "pronoun"
  | "spelling"
  | "typo"
  | "half-typed"
  | "stop words"
  | "synonym"
  | "mixed script";

/** A query, what it tests, and the addresses (without `/{lang}`) it must find. */
export type Judgement = [query: string, what: Case, expected: string[]];

const en: Judgement[] = [
  ["bridge", "word", ["/projects/4", "/CurrentProjects/20", "/services/2"]],
  ["hospital", "word", ["/news/9", "/projects/2"]],
  ["mosque", "word", ["/projects/7"]],
  ["airport", "word", ["/projects/13"]],
  ["stadium", "word", ["/projects/11"]],
  ["tunnel", "word", ["/CurrentProjects/17"]],
  ["sewage", "word", ["/CurrentProjects/19"]],
  ["chairman", "word", ["/otherPages/1"]],
  ["leadership", "word", ["/otherPages/2"]],
  ["maintenance", "word", ["/services/8"]],
  ["BIM", "word", ["/news/13"]],
  ["blood", "word", ["/news/8"]],
  ["fleet", "word", ["/news/12"]],
  ["hotel", "word", ["/projects/12"]],
  ["mall", "word", ["/projects/8"]],
  ["Riyadh", "word", ["/news/13", "/CurrentProjects/18"]],
  ["OLAYA GATE", "word", ["/news/2", "/CurrentProjects/15"]],
  ["Al Kharj", "word", ["/news/14", "/projects/6"]],
  ["Dammam Khobar", "word", ["/news/1", "/CurrentProjects/16"]],
  ["interchanges", "stem", ["/news/1", "/CurrentProjects/16"]],
  ["interchange", "stem", ["/news/1", "/CurrentProjects/16"]],
  ["schools", "stem", ["/news/11", "/projects/3"]],
  ["towers", "stem", ["/news/2", "/CurrentProjects/15", "/projects/1"]],
  ["highways", "stem", ["/news/1", "/projects/5", "/CurrentProjects/16"]],
  ["warehouse", "stem", ["/projects/10"]],
  ["careers", "stem", ["/otherPages/3"]],
  ["graduate", "stem", ["/news/4"]],
  ["drones", "stem", ["/news/5"]],
  ["water treatment plants", "stem", ["/news/14", "/projects/6"]],
  ["supervising", "stem", ["/services/6"]],
  ["the hospital in the northern region", "stop words", ["/news/9", "/projects/2"]],
  ["safety at the sites", "stop words", ["/news/6", "/news/7"]],
  ["management of projects", "stop words", ["/services/7"]],
  ["a mosque", "stop words", ["/projects/7"]],
  ["projects in Jeddah", "stop words", ["/projects/12", "/CurrentProjects/17"]],
  ["news about safety", "stop words", ["/news/6", "/news/7"]],
  ["hospitl", "typo", ["/news/9", "/projects/2"]],
  ["brigde", "typo", ["/projects/4", "/CurrentProjects/20", "/services/2"]],
  ["interchnages", "typo", ["/news/1", "/CurrentProjects/16"]],
  ["stadim", "typo", ["/projects/11"]],
  ["mosqeu", "typo", ["/projects/7"]],
  ["maintenence", "typo", ["/services/8"]],
  ["supervison", "typo", ["/services/6"]],
  ["warehoses", "typo", ["/projects/10"]],
  ["airprot", "typo", ["/projects/13"]],
  ["treatmnet plant", "typo", ["/news/14", "/projects/6"]],
  ["infrastrucure", "typo", ["/services/3"]],
  ["hosp", "half-typed", ["/news/9", "/projects/2"]],
  ["interch", "half-typed", ["/news/1", "/CurrentProjects/16"]],
  ["stad", "half-typed", ["/projects/11"]],
  ["warehou", "half-typed", ["/projects/10"]],
  ["mainten", "half-typed", ["/services/8"]],
  ["Olaya G", "half-typed", ["/news/2", "/CurrentProjects/15"]],
  ["engineering des", "half-typed", ["/services/5"]],
  ["junction", "synonym", ["/news/1", "/CurrentProjects/16"]],
  ["flyover", "synonym", ["/news/1", "/CurrentProjects/16"]],
  ["HSE", "synonym", ["/HSE"]],
  ["certification", "synonym", ["/news/3"]],
  ["health and safety", "synonym", ["/HSE"]],
  ["ISO 50001", "mixed script", ["/news/3"]],
  ["MEP works", "mixed script", ["/services/4"]],
  ["Wadi Al-Sulai", "mixed script", ["/projects/4"]],
  ["m³/day", "mixed script", ["/projects/6", "/CurrentProjects/19"]],
  ["project management", "word", ["/services/7"]],
  ["general contracting", "word", ["/services/1"]],
];

const ar: Judgement[] = [
  ["مستشفى", "word", ["/news/9", "/projects/2"]],
  ["جسر", "word", ["/projects/4", "/CurrentProjects/20"]],
  ["مطار", "word", ["/projects/13"]],
  ["ملعب", "word", ["/projects/11"]],
  ["فندق", "word", ["/projects/12"]],
  ["نفق", "word", ["/CurrentProjects/17"]],
  ["عقد", "word", ["/news/1", "/news/11"]],
  ["صيانة المرافق", "word", ["/services/8"]],
  ["البنية التحتية", "word", ["/services/3"]],
  ["رئيس مجلس الإدارة", "word", ["/otherPages/1"]],
  ["مستشفي", "spelling", ["/news/9", "/projects/2"]],
  ["الصيانه", "spelling", ["/services/8"]],
  ["الواحه", "spelling", ["/projects/1"]],
  ["اسكان", "spelling", ["/CurrentProjects/18"]],
  ["ادارة المشاريع", "spelling", ["/services/7"]],
  ["سلامه", "spelling", ["/HSE", "/news/6"]],
  ["الإشراف", "spelling", ["/services/6", "/news/11"]],
  ["الجسر", "prefix", ["/projects/4", "/CurrentProjects/20"]],
  ["الجامع", "prefix", ["/projects/7"]],
  ["بجدة", "prefix", ["/projects/12", "/CurrentProjects/17"]],
  ["وجدة", "prefix", ["/projects/12", "/CurrentProjects/17"]],
  ["جدة", "prefix", ["/projects/12", "/CurrentProjects/17"]],
  ["بالرياض", "prefix", ["/news/13", "/CurrentProjects/18"]],
  ["للمقاولات", "prefix", ["/services/1"]],
  ["بمطار القصيم", "prefix", ["/projects/13"]],
  ["والمرافق", "prefix", ["/services/3", "/services/8"]],
  ["لبرج", "prefix", ["/news/2", "/CurrentProjects/15"]],
  ["بالخرج", "prefix", ["/news/14", "/projects/6"]],
  ["خدمات الصيانة", "plural", ["/services/8"]],
  ["محطات", "plural", ["/news/14", "/projects/6", "/CurrentProjects/19"]],
  ["مستشفيات", "plural", ["/news/9", "/projects/2"]],
  ["تقاطع", "plural", ["/news/1", "/CurrentProjects/16"]],
  ["مهندسون", "plural", ["/news/4"]],
  ["مدرستين", "plural", ["/news/11", "/projects/3"]],
  ["شهادة", "plural", ["/news/3"]],
  ["مشاريعنا", "pronoun", ["/services/7"]],
  ["مشروعها", "pronoun", ["/services/7"]],
  ["مهندسينا", "pronoun", ["/news/4"]],
  ["شركتنا", "pronoun", ["/overview"]],
  ["جسور", "synonym", ["/services/2", "/projects/4", "/CurrentProjects/20"]],
  ["مدارس", "synonym", ["/news/11", "/projects/3"]],
  ["أبراج", "synonym", ["/news/2", "/CurrentProjects/15"]],
  ["انفاق", "synonym", ["/CurrentProjects/17"]],
  ["عقود", "synonym", ["/news/1", "/news/11"]],
  ["وظيفة", "synonym", ["/otherPages/3"]],
  ["طرق", "synonym", ["/services/2", "/projects/5", "/CurrentProjects/20"]],
  ["مستشفا", "typo", ["/news/9", "/projects/2"]],
  ["الصيانت", "typo", ["/services/8"]],
  ["المقاولت", "typo", ["/services/1"]],
  ["كهروميكانكية", "typo", ["/services/4"]],
  ["التصمبم", "typo", ["/services/5"]],
  ["الاسكن", "typo", ["/CurrentProjects/18"]],
  ["مستودعت", "typo", ["/projects/10"]],
  ["مستش", "half-typed", ["/news/9", "/projects/2"]],
  ["الكهرو", "half-typed", ["/services/4"]],
  ["صيا", "half-typed", ["/services/8"]],
  ["بالمطا", "half-typed", ["/projects/13"]],
  ["التصميم الهند", "half-typed", ["/services/5"]],
  ["مشاريع في جدة", "stop words", ["/projects/12", "/CurrentProjects/17"]],
  ["الإشراف على التنفيذ", "stop words", ["/services/6"]],
  ["أخبار السلامة", "stop words", ["/news/6", "/news/7"]],
  ["محطة معالجة المياه في الخرج", "stop words", ["/news/14", "/projects/6"]],
  ["ISO", "mixed script", ["/news/3"]],
  ["BIM", "mixed script", ["/news/13"]],
  ["50001", "mixed script", ["/news/3"]],
  ["نموذج BIM", "mixed script", ["/news/5", "/news/13"]],
];

export const relevanceSet: Record<Language, Judgement[]> = { en, ar };
