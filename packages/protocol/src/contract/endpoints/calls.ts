import { z } from 'zod';
import { iceServerSchema, sendToMsgBody, sendToMsgData } from '../../api/calls.ts';
import { endpoint } from '../define.ts';

export const callsEndpoints = {
  sendToMsg: endpoint({
    path: '/enterprise/im/sendToMsg',
    access: 'user',
    role: 'a friend to start a call (private chat rules); a party of the call for every later step',
    body: sendToMsgBody,
    data: sendToMsgData,
    domain: 'calls',
    summary: 'One step of a voice/video call: 901 ring, 902 cancel, 903 reject, 904 accept, 906 hang up, 907 busy; offer/answer/ice signalling',
  }),
  getCallConfig: endpoint({
    path: '/enterprise/im/getCallConfig',
    access: 'user',
    body: z.object({}).loose(),
    data: z.object({
      iceServers: z.array(iceServerSchema),
      ringSeconds: z.number().int(),
      enabled: z.boolean(),
    }),
    domain: 'calls',
    summary: 'The ICE servers (ICE_SERVERS) and ring time for WebRTC calls, and whether calls are enabled',
  }),
};
