/** A request the server cannot serve as sent: answered with status 400 and `invalid_request_error`. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  /** The request field at fault, as OpenAI's `param`. */
  readonly param: string | undefined;
  constructor(message: string, param?: string) {
    super(message);
    this.param = param;
  }
}
