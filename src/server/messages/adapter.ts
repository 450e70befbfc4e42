/**
 * The message adapter: how the server hands a message to a channel (短信, 微信模板消息,
 * 小程序订阅消息, APP推送, 站内信). The default adapter logs the message and reports it sent —
 * no outside service is called; a deployment (or a test) installs one that talks to its gateways.
 */
export interface OutgoingMessage {
  /** Value of the channel dictionary (care_channel). */
  channel: string;
  channelText: string;
  /** Recipient: record id and label (a patient). */
  to: { id: string; label: string };
  content: string;
}

export interface SendResult {
  ok: boolean;
  /** Why it failed (stored with the send log). */
  reason?: string;
}

export interface MessageAdapter {
  send(msg: OutgoingMessage): Promise<SendResult>;
}

/** Writes each message to the log (stdout) and reports it sent. */
export const loggingAdapter: MessageAdapter = {
  async send(msg) {
    console.info(`[message] ${msg.channelText} → ${msg.to.label}（${msg.to.id}）：${msg.content.slice(0, 200)}`);
    return { ok: true };
  },
};

let current: MessageAdapter = loggingAdapter;

export function messageAdapter(): MessageAdapter {
  return current;
}

/** Installs an adapter (answers the previous one, so a test can put it back). */
export function setMessageAdapter(adapter: MessageAdapter): MessageAdapter {
  const prev = current;
  current = adapter;
  return prev;
}
