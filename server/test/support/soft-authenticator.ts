import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for the server's tests: an ES256 key pair that answers WebAuthn creation and
 * request options the way a browser and a platform authenticator do together (attestation
 * "none", user present and verified, a signature counter). The portal's browser tests use
 * Chromium's virtual authenticator instead; this one lets the server suites run the whole flow.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return this.credentialId.toString('base64url');
  }

  private authenticatorData(rpId: string, attested: boolean): Buffer {
    const rpIdHash = createHash('sha256').update(rpId).digest();
    // User present (0x01) and verified (0x04); 0x40: attested credential data follows.
    const flags = Buffer.from([0x05 | (attested ? 0x40 : 0)]);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    if (!attested) return Buffer.concat([rpIdHash, flags, count]);
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([
      rpIdHash,
      flags,
      count,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }),
    );
  }

  /** The browser's JSON answer to creation options (`credential.toJSON()`). */
  register(options: { challenge: string; rp: { id?: string } }) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authenticatorData(rpId, true)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The browser's JSON answer to request options: a signature over the challenge. */
  assert(options: { challenge: string; rpId?: string }, userHandle?: string) {
    this.counter += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authenticatorData = this.authenticatorData(rpId, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([
      authenticatorData,
      createHash('sha256').update(clientDataJSON).digest(),
    ]);
    const signature = sign('sha256', signed, this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(userHandle ? { userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }

  /** Makes the next assertion report an older counter, as a cloned authenticator would. */
  rewind(steps: number) {
    this.counter = Math.max(0, this.counter - steps);
  }
}
