import { allow, operator, ROLES } from '../../platform/access';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, notFound, parseInput } from '../../infra/http/errors';
import { langOf, ok } from '../../infra/http/reply';
import { auditEntry, recordAudit } from '../../platform/audit-trail';
import {
  applySection,
  checkSection,
  EDITABLE_SECTIONS,
  isEditableSection,
  nextConfigVersion,
  problemIn,
  type ConfigSync,
  type EditableSection,
} from './config-overrides';

const putSchema = z.strictObject({
  value: z.unknown(),
  /** The version the operator edited (0: the file's value); another change in between answers 409. */
  version: z.number().int().min(0).optional(),
});

/**
 * Content and configuration from the console (issue 8): read every editable section with its
 * version and last editor, and replace one section. Admin only ("operators and configuration").
 */
export async function configRoutes(app: FastifyInstance, ctx: AppContext, sync: ConfigSync) {
  const describe = async (sections: readonly EditableSection[]) => {
    const rows = await ctx.db
      .selectFrom('config_overrides')
      .leftJoin('operators', 'operators.id', 'config_overrides.updated_by')
      .select([
        'config_overrides.section',
        'config_overrides.version',
        'config_overrides.updated_at',
        'operators.username',
      ])
      .where('config_overrides.section', 'in', [...sections])
      .execute();
    const bySection = new Map(rows.map((r) => [r.section, r]));
    return sections.map((section) => {
      const row = bySection.get(section);
      return {
        section,
        value: ctx.config.file[section],
        version: row ? Number(row.version) : 0,
        updatedBy: row?.username ?? null,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
      };
    });
  };

  app.get('/api/admin/config', allow(operator(ROLES.admin)), async (request, reply) => {
    // Changes made through another instance are applied before they are shown.
    await sync.check();
    return ok(request, reply, { profile: ctx.config.profile, sections: await describe(EDITABLE_SECTIONS) });
  });

  app.put<{ Params: { section: string } }>(
    '/api/admin/config/:section',
    allow(operator(ROLES.admin)),
    async (request, reply) => {
      const { section } = request.params;
      if (!isEditableSection(section)) throw notFound();
      const input = parseInput(putSchema, request.body);
      const check = checkSection(section, input.value, ctx.config.file[section]);
      if (!check.ok) {
        throw badRequest('configInvalid', { path: check.path, problem: problemIn(check, langOf(request)) });
      }
      await ctx.db.transaction().execute(async (trx) => {
        // The audit chain's head is locked by every audited write; taking it first also orders
        // two operators saving the same section, so the version check below cannot race.
        await trx
          .selectFrom('operator_audit_head')
          .select('seq')
          .where('id', '=', 1)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const row = await trx
          .selectFrom('config_overrides')
          .select(['value', 'version'])
          .where('section', '=', section)
          .executeTakeFirst();
        const current = row ? Number(row.version) : 0;
        if (input.version !== undefined && input.version !== current) {
          throw new AppError(409, 'configChanged');
        }
        const before: unknown = row ? JSON.parse(row.value) : ctx.config.file[section];
        const version = await nextConfigVersion(trx);
        const value = JSON.stringify(check.value);
        await trx
          .insertInto('config_overrides')
          .values({ section, value, version, updated_by: request.session!.subjectId, updated_at: new Date() })
          .onConflict((oc) =>
            oc.column('section').doUpdateSet({
              value,
              version,
              updated_by: request.session!.subjectId,
              updated_at: new Date(),
            }),
          )
          .execute();
        await recordAudit(
          trx,
          auditEntry(request, 'config.update', `config:${section}`, before, check.value),
        );
      });
      // Effective at once on this instance; the others apply it at their next version check.
      applySection(ctx, section, check.value);
      const [described] = await describe([section]);
      return ok(request, reply, described);
    },
  );
}
