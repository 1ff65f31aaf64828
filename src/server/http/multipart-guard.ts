import { Transform, type TransformCallback } from 'node:stream';

/** The boundary a multipart Content-Type names (RFC 2046: 1 to 70 characters), or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export interface MultipartGuardLimits {
  /** Parts the body may open; its closing delimiter comes on top. */
  maxParts: number;
  maxBytes: number;
}

export type MultipartRefusal = 'parts' | 'size';

/**
 * Passes a multipart body on to its parser until the body grows past `maxBytes` or opens more than
 * `maxParts` parts, then passes nothing more and reports why, once. A parser handed one 64 KB read
 * of tiny parts parses every one of them before anything can refuse the first (busboy spends tens
 * of milliseconds on 700); a byte search for the delimiters costs next to nothing, so the parser
 * only ever sees the parts allowed.
 */
export class MultipartGuard extends Transform {
  readonly #delimiter: Buffer;
  readonly #limits: MultipartGuardLimits;
  readonly #onRefusal: (why: MultipartRefusal) => void;
  /**
   * The last bytes already passed, where a delimiter split over two reads begins. The body starts
   * as if after a line break, as parsers read it, so its first delimiter is found like the others.
   */
  #tail = Buffer.from('\r\n');
  #delimiters = 0;
  #bytes = 0;
  #refused = false;

  constructor(boundary: string, limits: MultipartGuardLimits, onRefusal: (why: MultipartRefusal) => void) {
    super();
    this.#delimiter = Buffer.from(`\r\n--${boundary}`);
    this.#limits = limits;
    this.#onRefusal = onRefusal;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.#refused) return done();
    this.#bytes += chunk.length;
    if (this.#bytes > this.#limits.maxBytes) return this.#refuse('size', done);
    const searched = Buffer.concat([this.#tail, chunk]);
    for (
      let at = searched.indexOf(this.#delimiter);
      at !== -1;
      at = searched.indexOf(this.#delimiter, at + 1)
    ) {
      this.#delimiters += 1;
      if (this.#delimiters > this.#limits.maxParts + 1) {
        // What comes before the extra part still goes on: the parser sees the form end short.
        this.push(chunk.subarray(0, Math.max(0, at - this.#tail.length)));
        return this.#refuse('parts', done);
      }
    }
    this.#tail = Buffer.from(searched.subarray(Math.max(0, searched.length - this.#delimiter.length + 1)));
    done(null, chunk);
  }

  #refuse(why: MultipartRefusal, done: TransformCallback): void {
    this.#refused = true;
    this.#onRefusal(why);
    done();
  }
}
