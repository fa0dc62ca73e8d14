/**
 * Test tables written rule by rule: `{ rule: { input: expected } }` becomes one `it.each` row a
 * case, `[rule, input, expected]`, so every case is its own test named after the rule it shows.
 * Test support only: no page imports it.
 */
export function casesByRule<Expected>(
  rules: Record<string, Record<string, Expected>>,
): [rule: string, input: string, expected: Expected][] {
  return Object.entries(rules).flatMap(([rule, cases]) =>
    Object.entries(cases).map(([input, expected]): [string, string, Expected] => [
      rule,
      input,
      expected,
    ]),
  );
}
