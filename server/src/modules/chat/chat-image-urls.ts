import { createHmac, timingSafeEqual } from 'node:crypto';

/** Image links stay valid between one and two hours: stable within the hour, so browsers cache. */
const BUCKET_MS = 60 * 60 * 1000;

/**
 * Signed, expiring image URLs. An <img> cannot send the bearer header, so the link itself is the
 * permission: only the two participants are ever handed it (in their message lists), it names
 * the conversation, and it dies within two hours. The key is derived from the JWT secret.
 */
export class ChatImageUrls {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('canopy chat image urls v1').digest();
  }

  private sign(conversationKey: string, imageKey: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${conversationKey}\n${imageKey}\n${expires}`)
      .digest('base64url');
  }

  urlFor(conversationKey: string, imageKey: string, now = Date.now()): string {
    const expires = Math.ceil(now / BUCKET_MS) * BUCKET_MS + BUCKET_MS;
    const signature = this.sign(conversationKey, imageKey, expires);
    return `/api/messages/${conversationKey}/images/${imageKey}?expires=${expires}&signature=${signature}`;
  }

  verify(
    conversationKey: string,
    imageKey: string,
    expires: number,
    signature: string,
    now = Date.now(),
  ): boolean {
    if (!(expires > now)) return false;
    const expected = Buffer.from(this.sign(conversationKey, imageKey, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
