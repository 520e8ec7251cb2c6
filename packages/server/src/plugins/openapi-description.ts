/**
 * The conventions every operation shares, at the top of /api/docs: what docs/api-contract.md used to say
 * beside its table (the operations themselves are the document's, generated from their declarations).
 */
export const API_CONVENTIONS = `Elevator and escalator IoT cloud platform. Every operation is declared once in the client package
(\`packages/client/src/operations/\`, entity operations from \`entities/\`); its operationId names the client's call.

**Answers.** Every answer is an envelope \`{code, message, data}\`: \`code\` is 200 on success, otherwise the HTTP
status; \`message\` is in the request's language. On errors \`data\` is \`{key, errors?: [{field, rule, message}]}\`
where \`key\` is the catalogue key, the same in every language (scripts match on it).

**Request headers.** \`Authorization: Bearer <token>\` (a login session or an access token \`lct_…\`, which acts
with its owner's permissions), \`X-Org-Id\` (the current organisation), \`Accept-Language\` (zh-CN, en-US,
it-Italy), \`X-Time-Zone\` (an IANA name; Asia/Shanghai when missing or unknown). Date-times travel as
\`yyyy-MM-dd HH:mm:ss\` in that time zone.

**Permissions.** Each operation names the permission it needs (the client's \`PERMISSION\`); an entity's
definition says who may read and write it. A record of another tenant answers 404, like a missing id.

**Lists.** \`GET {path}?pageNo=1&pageSize=20&<filters>\`: pageSize one of 20, 30, 50, 100, 200; range filters
use \`<field>Start\` and \`<field>End\`; the answer is \`{records, total, pages, pageNo, pageSize}\`. Entities kept by
the server (logs, records) have list, get and export only.

**Updates** are patches: PUT names the record (\`id\`) and only the fields to change; with \`revision\` (as read)
a record saved by someone else since is refused with 409 \`error.stale\`.

**Status codes.** 400 validation (field errors), 401 missing, expired or revoked token, 403 permission or
organisation not the caller's, 404 unknown id or another tenant's record, 409 conflict (unique value, stale
revision, a move the workflow does not allow), 408 a request or an import's upload that took too long, 413 too
large (refused from Content-Length before the body is read when it is declared; the connection then closes),
415 not JSON, 429 rate limit or no import slot free.`;
