import { fieldLabel, gatewayTest, issueMessage, translate, type Issue, type Language } from '@liftcloud/client';

/** Form fields of the gateway test form, and which one shows an issue of the create body. */
export type GatewayTestFormField = 'dtuCode' | 'passBenchmark' | 'testTime';
export const formFieldOf = (issue: Issue): GatewayTestFormField =>
  issue.field === 'passBenchmark' || issue.field === 'testTime' ? issue.field : 'dtuCode';

/**
 * An issue as a sentence; a DTU's issue names that DTU ("DTU number 8610000000: …"): one of the batch
 * (dtuCodes.N) or the one being added (dtuCode, the text typed).
 */
export function gatewayTestIssueText(issue: Issue, codes: readonly string[], language: Language, typed = ''): string {
  const m = /^dtuCodes\.(\d+)$/.exec(issue.field);
  const dtu = m ? (codes[Number(m[1])] ?? '') : issue.field === 'dtuCode' ? typed.trim() : null;
  // The server already names the DTU in its "no gateway with this DTU number" message.
  if (dtu === null || issue.rule === 'rule.gatewayTestUnknownDtu')
    return issueMessage(gatewayTest.createSchema, issue, language);
  const label = fieldLabel(gatewayTest.createSchema, 'dtuCodes.0', language);
  return translate(language, issue.rule, { ...issue.params, field: dtu ? `${label} ${dtu}` : label });
}
