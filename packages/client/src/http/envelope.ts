/** Every API answer: {code, message, data}. code is 200 on success, else the HTTP status. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A table list (console-shell.md §7): records, total and pages. */
export interface Page<T> {
  records: T[];
  total: number;
  /** Present (true) when total is an estimate, rounded to two significant figures: a very large list. */
  totalEstimated?: boolean;
  pages: number;
  pageNo: number;
  pageSize: number;
}

/** A notice list: list and total. */
export interface NoticeList<T> {
  list: T[];
  total: number;
}

/** One field problem as the server reports it, already in the request's language. */
export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/** data of an error envelope. */
export interface ErrorData {
  /** The catalogue key, stable across languages: scripts match on it. */
  key: string;
  errors?: FieldError[];
}

/** Request headers the server reads on every call. */
export const HEADERS = {
  authorization: 'authorization',
  org: 'x-org-id',
  language: 'accept-language',
  timeZone: 'x-time-zone',
} as const;
