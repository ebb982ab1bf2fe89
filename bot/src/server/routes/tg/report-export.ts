import { type Report, reportQuery } from '@gebere/contract';
import { type Language, translate } from '@gebere/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Api, InputFile } from 'grammy';
import { reportCsv, reportFileName } from '../../../backend/ops/report-csv';
import { HttpError } from '../../../backend/serving/http-error';
import type { HandBackSender } from './sender';

export interface ReportExportOptions {
  /**
   * `GET /api/reports/` on the backend with the caller's own proof, so the backend's policy
   * decides the area (docs/authorization.md "Reports"), exactly as for the screen.
   */
  fetchReport(
    authorization: string,
    query: Record<string, string>,
    language: Language,
  ): Promise<{ status: number; body: unknown }>;
}

/**
 * POST /tg/report-export: the reports screen's export button. The body is the screen's view
 * (area, period, value chain); the server asks the backend for that report as the caller, and
 * sends its rows as a CSV document to the caller's own chat (never another). A refusal (403
 * outside their area) is passed on as the backend worded it, in the user's language.
 */
export function registerReportExport(
  app: FastifyInstance,
  api: Pick<Api, 'sendDocument'>,
  options: ReportExportOptions,
  hooks: {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The caller's budget of report files (after authenticate). */
    limit: (request: FastifyRequest) => Promise<void>;
    languageOf: (sender: HandBackSender, request: FastifyRequest) => Promise<Language>;
  },
): void {
  app.post<{ Body: unknown }>(
    '/tg/report-export',
    {
      bodyLimit: 2048,
      onRequest: [hooks.authenticate, hooks.limit],
    },
    async (request, reply) => {
      const sender = request.sender as HandBackSender;
      const parsed = reportQuery.safeParse(request.body ?? {});
      if (!parsed.success)
        throw new HttpError(400, 'The body must be the report view: level, area, from, to, value_chain.');
      const query = Object.fromEntries(
        Object.entries(parsed.data)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const language = await hooks.languageOf(sender, request);
      let answer: { status: number; body: unknown };
      try {
        answer = await options.fetchReport(request.headers.authorization as string, query, language);
      } catch (err) {
        request.log.warn({ err }, 'report export: the backend did not answer');
        throw new HttpError(503, 'The reports are not available right now. Try again shortly.');
      }
      if (answer.status !== 200) return reply.code(answer.status).send(answer.body);
      const report = answer.body as Report;
      const csv = Buffer.from(reportCsv(report), 'utf8');
      try {
        await api.sendDocument(sender.telegramUserId, new InputFile(csv, reportFileName(report)), {
          caption: translate(language, 'report.title'),
        });
      } catch (err) {
        // Telegram refused (the user blocked the bot) or is unreachable: the screen says it failed.
        request.log.warn({ err }, 'report export: the document was not sent');
        throw new HttpError(502, 'Telegram did not take the file. Try again shortly.');
      }
      return { sent: true };
    },
  );
}
