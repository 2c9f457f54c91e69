// Types of the `wsHandler` route option (the plugin itself is registered in app.ts).
import type {} from '@fastify/websocket';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../../core/api';
import { CHAT_SOCKET_PATH } from '../../../core/constants';
import {
  BlockResponse,
  ChatHistoryQuery,
  ChatHistoryResponse,
  ChatMessageIdParams,
  ChatMessageParams,
  ChatMessageResponse,
  ChatUidParams,
  ConversationResponse,
  ConversationsResponse,
  ReportChatBody,
  ReportResponse,
  SendChatBody,
} from '../../../core/chat-api';
import { SERVER_MESSAGES } from '../../../core/server-messages';
import { AppError, ForbiddenError } from '../../errors';
import { requireAccount, requirePrincipal } from '../../plugins/session';
import type { ChatHub } from '../../services/chat-hub';
import type { ChatService } from '../../services/chat.service';

const onRequest = requireAccount;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/**
 * Premium chat. A conversation is named by the other participant's uid. Sending is a PUT of a
 * message id the device made, so the outbox's replay of it is the same message, never a second.
 */
export const chatRoutes =
  (deps: { chat: ChatService; hub: ChatHub; publicUrl: string }): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { chat, hub } = deps;
    app.get(
      '/api/chat/conversations',
      { onRequest, schema: { tags: ['chat'], summary: 'My conversations', response: { 200: ConversationsResponse, ...errors } } },
      async (request) => chat.conversations(requirePrincipal(request).uid),
    );
    app.get(
      '/api/chat/with/:uid',
      {
        onRequest,
        schema: {
          tags: ['chat'],
          summary: 'The conversation with a user',
          params: ChatUidParams,
          response: { 200: ConversationResponse, ...errors },
        },
      },
      async (request) => chat.conversation(requirePrincipal(request).uid, request.params.uid),
    );
    app.get(
      '/api/chat/with/:uid/messages',
      {
        onRequest,
        schema: {
          tags: ['chat'],
          summary: 'A page of history, newest first',
          params: ChatUidParams,
          querystring: ChatHistoryQuery,
          response: { 200: ChatHistoryResponse, ...errors },
        },
      },
      async (request) => chat.history(requirePrincipal(request).uid, request.params.uid, request.query.cursor),
    );
    app.put(
      '/api/chat/with/:uid/messages/:messageId',
      {
        onRequest,
        schema: {
          tags: ['chat'],
          summary: 'Send a message (idempotent on its id)',
          params: ChatMessageParams,
          body: SendChatBody,
          response: { 200: ChatMessageResponse, ...errors },
        },
      },
      async (request) => chat.send(requirePrincipal(request).uid, request.params.uid, request.params.messageId, request.body.body),
    );
    app.put(
      '/api/chat/with/:uid/read',
      {
        onRequest,
        schema: {
          tags: ['chat'],
          summary: 'Mark the conversation read',
          params: ChatUidParams,
          response: { 200: ConversationResponse, ...errors },
        },
      },
      async (request) => chat.markRead(requirePrincipal(request).uid, request.params.uid),
    );
    app.put(
      '/api/chat/blocks/:uid',
      {
        onRequest,
        schema: {
          tags: ['chat'],
          summary: 'Block a user (no messages either way)',
          params: ChatUidParams,
          response: { 200: BlockResponse, ...errors },
        },
      },
      async (request) => chat.block(requirePrincipal(request).uid, request.params.uid, true),
    );
    app.delete(
      '/api/chat/blocks/:uid',
      {
        onRequest,
        schema: { tags: ['chat'], summary: 'Unblock a user', params: ChatUidParams, response: { 200: BlockResponse, ...errors } },
      },
      async (request) => chat.block(requirePrincipal(request).uid, request.params.uid, false),
    );
    app.post(
      '/api/chat/messages/:messageId/report',
      {
        onRequest,
        schema: {
          tags: ['chat'],
          summary: 'Report a message to the admins',
          params: ChatMessageIdParams,
          body: ReportChatBody,
          response: { 200: ReportResponse, ...errors },
        },
      },
      async (request) => chat.report(requirePrincipal(request).uid, request.params.messageId, request.body.reason ?? ''),
    );

    const allowedOrigin = new URL(deps.publicUrl).origin;
    app.route({
      method: 'GET',
      url: CHAT_SOCKET_PATH,
      onRequest,
      schema: {
        tags: ['chat'],
        summary: 'The chat WebSocket (a GET with Upgrade: websocket; the server only sends)',
        response: { 426: ErrorBody, ...errors },
      },
      // Browsers send Origin on WebSocket handshakes; the origin check skips GETs, so check it here.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        const own = `${request.protocol}://${request.host}`;
        if (typeof origin === 'string' && origin !== own && origin !== allowedOrigin) {
          throw new ForbiddenError(SERVER_MESSAGES.crossSite, 'cross_site_request');
        }
        await chat.requirePremium(requirePrincipal(request).uid);
      },
      // A plain GET (no Upgrade) is not a WebSocket: said in the error envelope, not an empty 404.
      handler: async () => {
        throw new AppError(426, 'bad_request', SERVER_MESSAGES.chatSocketUpgrade);
      },
      wsHandler: (socket, request) => {
        const detach = hub.attach(requirePrincipal(request).uid, socket);
        socket.on('close', detach);
        // The socket only sends; what the app writes goes through the HTTP routes (and the outbox).
        socket.on('message', () => undefined);
      },
    });
  };
