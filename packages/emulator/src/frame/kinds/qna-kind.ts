import * as models from 'powerbi-models';
import { ApiError } from '../api-client.ts';
import {
  assertValid,
  badRequest,
  FrameError,
  FrameErrorCode,
  objectBody,
} from '../frame-errors.ts';
import { accepted, type RouteTable } from '../protocol/route-table.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { h } from '../render/dom.ts';
import { paletteOf } from '../render/palette.ts';
import { apiErrorToIError } from '../token-manager.ts';
import { EmbedSession } from './embed-session.ts';
import { registerLoadRoute, registerTokenRoutes } from './session-routes.ts';
import { drawSingleVisual, mountSingleVisual } from './single-visual.ts';

/**
 * Q&A: a question box over a dataset; each question is interpreted by the emulator
 * (POST /_emulator/qna) into a visual, which is queried and drawn, then visualRendered is posted.
 */
export function registerQnaRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): void {
  const session = new EmbedSession(transport, 'qna', root, uid);
  let datasetId = '';
  let resultArea: HTMLElement | undefined;
  let input: HTMLInputElement | undefined;

  const interpret = async (question: string) => {
    if (!resultArea) return;
    let answer;
    try {
      answer = await session.api.qna(datasetId, question);
    } catch (error) {
      const status =
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 500;
      resultArea.replaceChildren(
        h(
          'p',
          { class: 'cv-placeholder', role: 'status' },
          `Sorry, I didn't understand "${question}". ${error instanceof Error ? error.message : ''}`,
        ),
      );
      throw new FrameError(status, apiErrorToIError(error));
    }
    if (input) input.value = question;
    resultArea.replaceChildren();
    const frame = mountSingleVisual(resultArea, answer.visual, () => undefined);
    const result = await session.api.query({ ...answer.visual.query, datasetId, filters: [] });
    drawSingleVisual(frame, result, paletteOf(undefined));
    session.events.emit('visualRendered', {
      question,
      normalizedQuestion: answer.normalizedQuestion,
    });
  };

  const render = async (config: models.ILoadQnaConfiguration, current: () => boolean) => {
    datasetId = config.datasetIds[0] ?? '';
    await session.api.getSchema(datasetId);
    if (!current()) return;
    resultArea = h('div', { class: 'cv-qna-result', 'aria-live': 'polite' });
    input = h('input', {
      type: 'text',
      name: 'question',
      placeholder: 'Ask a question about your data',
      'aria-label': 'Question',
    });
    const form = h(
      'form',
      { role: 'search' },
      input,
      h('button', { type: 'submit', class: 'cv-button cv-button-primary' }, 'Ask'),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const question = input?.value.trim();
      if (question)
        interpret(question).catch((error: unknown) =>
          session.events.emit(
            'error',
            error instanceof FrameError ? error.body : { message: String(error) },
          ),
        );
    });
    const resultOnly = config.viewMode === models.QnaMode.ResultOnly;
    session.show(h('div', { class: 'cv-qna' }, resultOnly ? null : form, resultArea));
    session.markLoaded();
    // A question given at load that is not understood leaves the answer area explaining why; the
    // load itself still succeeds.
    if (config.question) await interpret(config.question).catch(() => undefined);
    session.events.emit('rendered', {});
  };

  registerLoadRoute<models.ILoadQnaConfiguration>(routes, '/qna/load', {
    validate: models.validateLoadQnaConfiguration,
    start: (config, headers) => session.load(config, headers, render),
  });

  routes.post('/qna/interpret', async (request) => {
    const body = objectBody(request.body, 'The question request');
    assertValid(models.validateQnaInterpretInputData(body));
    if (!session.loaded)
      throw badRequest(
        'Q&A is not loaded yet. Wait for the loaded event.',
        FrameErrorCode.NotLoaded,
      );
    const { question } = body as unknown as models.IQnaInterpretInputData;
    if (question.trim() === '')
      throw badRequest('question must not be empty', FrameErrorCode.InvalidParameters);
    await interpret(question.trim());
    return accepted();
  });

  registerTokenRoutes(routes, session.tokens, '/report/token', '/qna/token');
}
