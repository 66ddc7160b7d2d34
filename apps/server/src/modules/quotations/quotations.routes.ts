import { API, awaitingDeliveryReport, deliveryNoteList, quotationList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext, requireActor } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readBusinessInfo } from '../settings/business.service.ts';
import { awaitingDeliveryQuery, deliveryNoteQuery, getDeliveryNote, saleDeliveries } from './deliveries.queries.ts';
import { createDeliveryNote } from './deliveries.service.ts';
import { sendDeliveryNotePdf } from './delivery-note-pdf.ts';
import { sendQuotationPdf } from './quotation-pdf.ts';
import { getQuotation, quotationQuery } from './quotations.queries.ts';
import { cancelQuotation, convertQuotation, createQuotation, updateQuotation } from './quotations.service.ts';

// Quotations (list and files, make, change, cancel, show, PDF, convert into a sale), delivery notes of goods
// collected later (a sale's lines to collect, make, list, show, PDF) and the awaiting-delivery report.
export const quotationRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.quotation;
  const quoteKeys = (request: Parameters<typeof requireActor>[0]) => {
    const { keys } = requireActor(request);
    return { priceEdit: keys.has('quotationPriceEdit'), belowCost: keys.has('quotationBelowCost') };
  };
  registerList(app, quotationList, { rows: (query) => quotationQuery(db, timeZone, query) }, timeZone);
  route(app, endpoints.store, async (request) => ({
    success: true as const,
    message: 'Quotation created successfully!',
    data: await createQuotation(db, request.body, requestContext(request), timeZone, quoteKeys(request)),
  }));
  route(app, endpoints.update, async (request) => ({
    success: true as const,
    message: 'Quotation updated successfully!',
    data: await updateQuotation(
      db,
      request.params.id,
      request.body,
      requestContext(request),
      timeZone,
      quoteKeys(request),
    ),
  }));
  route(app, endpoints.cancel, async (request) => ({
    success: true as const,
    message: 'Quotation cancelled successfully!',
    data: await cancelQuotation(db, request.params.id, request.body.reason, requestContext(request)),
  }));
  route(app, endpoints.show, async (request) => ({
    success: true as const,
    data: await getQuotation(db, timeZone, request.params.id),
  }));
  route(app, endpoints.pdf, async (request, reply) =>
    sendQuotationPdf(
      reply,
      await readBusinessInfo(db),
      endpoints.show.answer.shape.data.parse(await getQuotation(db, timeZone, request.params.id)),
      timeZone,
    ),
  );
  route(app, endpoints.convert, async (request) => {
    const { keys } = requireActor(request);
    return {
      success: true as const,
      message: 'Quotation converted into a sale!',
      data: await convertQuotation(db, request.params.id, request.body, requestContext(request), timeZone, {
        creditSale: keys.has('customerCreditSale'),
        override: keys.has('customerCreditOverride'),
      }),
    };
  });

  const delivery = API.deliveryNote;
  registerList(app, deliveryNoteList, { rows: (query) => deliveryNoteQuery(db, timeZone, query) }, timeZone);
  route(app, delivery.saleLines, async (request) => ({
    success: true as const,
    data: await saleDeliveries(db, request.params.id),
  }));
  route(app, delivery.store, async (request) => ({
    success: true as const,
    message: 'Delivery note created successfully!',
    data: await createDeliveryNote(db, request.body, requestContext(request)),
  }));
  route(app, delivery.show, async (request) => ({
    success: true as const,
    data: await getDeliveryNote(db, request.params.id),
  }));
  route(app, delivery.pdf, async (request, reply) =>
    sendDeliveryNotePdf(
      reply,
      await readBusinessInfo(db),
      delivery.show.answer.shape.data.parse(await getDeliveryNote(db, request.params.id)),
      timeZone,
    ),
  );
  registerList(
    app,
    awaitingDeliveryReport,
    {
      run: async (query) => {
        const rows = awaitingDeliveryQuery(db, timeZone, query.search);
        return {
          rows,
          extras: db
            .selectFrom(rows.as('r'))
            .select(db.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
            .then((r) => ({ lines_waiting: Number(r.n) })),
        };
      },
    },
    timeZone,
  );
};
