// saxen ships no types: the part of its API the sheet reader uses (https://github.com/nikku/saxen).
declare module 'saxen' {
  type Decode = (text: string) => string;
  export class Parser {
    on(
      event: 'openTag',
      cb: (name: string, attrs: () => Record<string, string>, decode: Decode, selfClosing: boolean) => void,
    ): this;
    on(event: 'closeTag', cb: (name: string, decode: Decode, selfClosing: boolean) => void): this;
    on(event: 'text', cb: (text: string, decode: Decode) => void): this;
    on(event: 'cdata', cb: (text: string) => void): this;
    on(event: 'error' | 'warn', cb: (err: Error) => void): this;
    /** Parse a whole document; returns the error a non-throwing error handler left. */
    parse(xml: string): Error | undefined;
    /** The next chunk of a streamed document: events for every complete token, the rest kept for the next. */
    write(xml: string): this;
    end(): Error | undefined;
  }
}
