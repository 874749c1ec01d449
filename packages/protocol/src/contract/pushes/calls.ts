import { webrtcPush } from '../../api/calls.ts';

export const callsPushes = {
  /** a call step for this device: ringing, answered, ended, or offer/answer/ICE signalling */
  webrtc: webrtcPush,
};
