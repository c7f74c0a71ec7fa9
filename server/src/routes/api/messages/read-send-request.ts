import { SendMessageFields } from '@canopy/portal-contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.ts';
import { assertWellFormedText } from '../../../plugins/app/well-formed-text.ts';
import { detectImageType } from '../../../modules/storage/image-type.ts';
import type { NewMessage } from '../../../modules/chat/chat.service.ts';

/**
 * Reads a send: multipart (`content`, optional file `image`, optional `clientId`), as the widget
 * posts it, or JSON for text only. The image's type is decided by its bytes; the multipart
 * plugin cuts the stream off past 10 MB (413).
 */
export async function readSendRequest(request: FastifyRequest): Promise<NewMessage> {
  const fields: Record<string, string> = {};
  let image: NewMessage['image'];
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || image) {
          await part.toBuffer().catch(() => undefined);
          throw new AppError('VALIDATION_FAILED', {
            fields: [{ path: `body.${part.fieldname}`, message: 'Only one file, named image' }],
          });
        }
        const bytes = await part.toBuffer();
        const type = detectImageType(bytes);
        if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        image = { bytes, type };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } else if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    Object.assign(fields, request.body);
  } else {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'body', message: 'Expected multipart form data or a JSON object' }],
    });
  }
  // Multipart fields are read here, after the app's text check on bodies: the same rule, applied.
  assertWellFormedText(fields);
  const parsed = SendMessageFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      fields: parsed.error.issues.map((issue) => ({
        path: ['body', ...issue.path].join('.'),
        message: issue.message,
      })),
    });
  }
  return { content: parsed.data.content, clientId: parsed.data.clientId, image };
}
