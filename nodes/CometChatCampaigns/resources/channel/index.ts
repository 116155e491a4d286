import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { get } from './get';
import { getAll } from './getAll';
import { getAvailability } from './getAvailability';
import { update } from './update';

export const channelDescription = describeResource('channel', [create, get, getAll, getAvailability, update], 'getAll');
