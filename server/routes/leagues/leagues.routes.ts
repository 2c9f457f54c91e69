import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../core/api';
import {
  CreateLeagueBody,
  LeagueBoardResponse,
  LeagueCodeParams,
  LeagueIdParams,
  LeagueInviteResponse,
  LeagueMemberParams,
  LeaguesResponse,
  LeagueSummaryResponse,
} from '../../../core/league-api';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { LeagueService } from '../../services/league.service';

const onRequest = requireAccount;
const tags = ['leagues'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Weekly leagues (issue 44): accounts only (a guest gets 403 before the body is read). Creating is
 * a PUT of an id the device made and joining a PUT of the code, so the outbox's replays are harmless.
 */
export const leaguesRoutes =
  (leagues: LeagueService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/leagues',
      { onRequest, schema: { tags, summary: 'The leagues I am in', response: { 200: LeaguesResponse, ...errors } } },
      async (request) => leagues.list(requirePrincipal(request).uid),
    );
    app.put(
      '/api/leagues/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Create a league under an id the device made (a replay answers the same league)',
          params: LeagueIdParams,
          body: CreateLeagueBody,
          response: { 200: LeagueSummaryResponse, 201: LeagueSummaryResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const { created, league } = await leagues.create(requirePrincipal(request).uid, request.params.id.toLowerCase(), request.body.name);
        return reply.code(created ? 201 : 200).send({ league });
      },
    );
    app.get(
      '/api/leagues/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: "A league's board this week (members only): days logged and streaks, never posts",
          params: LeagueIdParams,
          response: { 200: LeagueBoardResponse, ...errors },
        },
      },
      async (request) => leagues.board(requirePrincipal(request).uid, request.params.id.toLowerCase()),
    );
    app.get(
      '/api/leagues/join/:code',
      {
        onRequest,
        schema: {
          tags,
          summary: 'What an invitation code opens (name and size), before joining',
          params: LeagueCodeParams,
          response: { 200: LeagueInviteResponse, ...errors },
        },
      },
      async (request) => leagues.invite(requirePrincipal(request).uid, request.params.code),
    );
    app.put(
      '/api/leagues/join/:code',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Join by code (again: no change); 409 league_full past the limit',
          params: LeagueCodeParams,
          response: { 200: LeagueSummaryResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({ league: await leagues.join(requirePrincipal(request).uid, request.params.code) }),
    );
    app.delete(
      '/api/leagues/:id/membership',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Leave a league (an owner hands it to the longest-standing member; the last one out deletes it)',
          params: LeagueIdParams,
          response: { 204: Type.Null(), ...errors },
        },
      },
      async (request, reply) => {
        await leagues.leave(requirePrincipal(request).uid, request.params.id.toLowerCase());
        return reply.code(204).send(null);
      },
    );
    app.delete(
      '/api/leagues/:id/members/:uid',
      {
        onRequest,
        schema: { tags, summary: 'Remove a member (owner only)', params: LeagueMemberParams, response: { 204: Type.Null(), ...errors } },
      },
      async (request, reply) => {
        await leagues.removeMember(requirePrincipal(request).uid, request.params.id.toLowerCase(), request.params.uid);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/api/leagues/:id/code',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A new invitation code (owner only); the old one stops working',
          params: LeagueIdParams,
          response: { 200: LeagueSummaryResponse, ...errors },
        },
      },
      async (request) => ({ league: await leagues.rotateCode(requirePrincipal(request).uid, request.params.id.toLowerCase()) }),
    );
  };
