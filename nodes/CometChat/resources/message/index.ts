import { describeResource } from '../../shared/operations';
import { flag } from './flag';
import { send } from './send';

export const messageDescription = describeResource('message', [send, flag], 'send');
