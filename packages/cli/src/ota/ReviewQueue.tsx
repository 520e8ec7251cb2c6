import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';

/** One application waiting for a decision, as the queue shows it. */
export interface PendingApplication {
  id: number;
  programId: number;
  programName: string | null;
  applyNumber: number;
  remainingNumber: number | null;
  applicantAccount: string | null;
  applicantName: string | null;
  companyName: string | null;
  applicationTime: string | null;
}

export interface ReviewText {
  title: string;
  empty: string;
  loading: string;
  keys: string;
  reasonKeys: string;
  reasonPrompt: (id: number) => string;
  reasonRequired: string;
  approved: (id: number) => string;
  rejected: (id: number) => string;
  failed: (id: number, reason: string) => string;
  arrived: (count: number) => string;
  /** Detail labels. */
  program: string;
  count: string;
  remaining: string;
  applicant: string;
  company: string;
  time: string;
}

/** Where the queue's data comes from: the server (source.ts) or a stub in tests. */
export interface ReviewSource {
  pending(): Promise<PendingApplication[]>;
  approve(id: number): Promise<void>;
  /** Rejects with the server's message (a decision already taken, a permission missing). */
  reject(id: number, reason: string): Promise<void>;
  /** Calls back when an application arrives or is decided elsewhere (live frame `ota`); returns a closer. */
  subscribe(onChange: () => void): { close(): void };
  text: ReviewText;
}

/**
 * `liftctl ota approvals` on a terminal: the applications waiting for a decision, ↑↓ to move, the selected one's
 * detail beside, `a` approves, `r` asks for a reason (typed, Enter rejects, Esc gives up), `q` quits. It reloads
 * when the live channel says an application arrived or was decided, keeping the selection on the same one.
 */
export function ReviewQueue({ source }: { source: ReviewSource }) {
  const { exit } = useApp();
  const { text } = source;
  const [rows, setRows] = useState<PendingApplication[] | null>(null);
  const [selected, setSelected] = useState(0);
  const [reason, setReason] = useState<string | null>(null);
  const [message, setMessage] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const latest = useRef({ rows, selected, busy });
  latest.current = { rows, selected, busy };

  const load = useCallback(
    async (announce = false) => {
      const before = latest.current.rows;
      const keep = before?.[latest.current.selected]?.id;
      const next = await source.pending();
      setRows(next);
      const at = next.findIndex((r) => r.id === keep);
      setSelected(at >= 0 ? at : Math.min(latest.current.selected, Math.max(0, next.length - 1)));
      if (announce && before) {
        const known = new Set(before.map((r) => r.id));
        const arrived = next.filter((r) => !known.has(r.id)).length;
        if (arrived) setMessage(text.arrived(arrived));
      }
    },
    [source, text],
  );

  useEffect(() => {
    void load().catch((err: unknown) => setMessage(String((err as Error).message ?? err)));
    const sub = source.subscribe(() => void load(true).catch(() => undefined));
    return () => sub.close();
  }, [load, source]);

  const decide = useCallback(
    async (row: PendingApplication, action: 'approve' | 'reject', why = '') => {
      setBusy(true);
      try {
        if (action === 'approve') await source.approve(row.id);
        else await source.reject(row.id, why);
        setMessage(action === 'approve' ? text.approved(row.id) : text.rejected(row.id));
      } catch (err) {
        setMessage(text.failed(row.id, (err as Error).message ?? String(err)));
      } finally {
        setBusy(false);
        await load().catch(() => undefined);
      }
    },
    [source, text, load],
  );

  // keys may come faster than renders: what they change is kept here first, then rendered
  const typed = useRef<string | null>(null);
  const typeReason = (value: string | null) => {
    typed.current = value;
    setReason(value);
  };
  const moveTo = (at: number) => {
    latest.current.selected = at;
    setSelected(at);
  };

  useInput((input, key) => {
    const { rows: list, selected: at, busy: working } = latest.current;
    const typing = typed.current;
    if (key.ctrl && input === 'c') return exit();
    const row = list?.[at];
    if (typing !== null) {
      if (key.escape) typeReason(null);
      else if (key.return) {
        if (!typing.trim()) return setMessage(text.reasonRequired);
        typeReason(null);
        if (row) void decide(row, 'reject', typing.trim());
      } else if (key.backspace || key.delete) typeReason(typing.slice(0, -1));
      else if (input && !key.ctrl && !key.meta) typeReason(typing + input);
      return;
    }
    if (input === 'q') return exit();
    if (!list?.length) return;
    if (key.upArrow) moveTo(Math.max(0, at - 1));
    else if (key.downArrow) moveTo(Math.min(list.length - 1, at + 1));
    else if (working || !row) return;
    else if (input === 'a') void decide(row, 'approve');
    else if (input === 'r') {
      setMessage('');
      typeReason('');
    }
  });

  const row = rows?.[selected];
  return (
    <Box flexDirection="column">
      <Text bold>
        {text.title} ({rows?.length ?? 0})
      </Text>
      <Box flexDirection="row">
        <Box flexDirection="column" width={48} marginRight={2}>
          {rows === null ? <Text dimColor>{text.loading}</Text> : null}
          {rows?.length === 0 ? <Text dimColor>{text.empty}</Text> : null}
          {rows?.map((r, i) => (
            <Text key={r.id} inverse={i === selected}>
              {i === selected ? '›' : ' '} #{r.id} {r.programName ?? r.programId} ×{r.applyNumber}{' '}
              {r.applicantAccount ?? ''}
            </Text>
          ))}
        </Box>
        {row ? (
          <Box flexDirection="column">
            <Text>
              {text.program}: {row.programName ?? ''} (#{row.programId})
            </Text>
            <Text>
              {text.count}: {row.applyNumber}
            </Text>
            <Text>
              {text.remaining}: {row.remainingNumber ?? ''}
            </Text>
            <Text>
              {text.applicant}: {row.applicantName ?? ''} ({row.applicantAccount ?? ''})
            </Text>
            <Text>
              {text.company}: {row.companyName ?? ''}
            </Text>
            <Text>
              {text.time}: {row.applicationTime ?? ''}
            </Text>
          </Box>
        ) : null}
      </Box>
      {reason !== null && row ? (
        <Text>
          {text.reasonPrompt(row.id)} {reason}_
        </Text>
      ) : null}
      {message ? <Text color="yellow">{message}</Text> : null}
      <Text dimColor>{reason !== null ? text.reasonKeys : text.keys}</Text>
    </Box>
  );
}
