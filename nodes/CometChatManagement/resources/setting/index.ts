import { describeResource } from '../../../shared/operations';
import { get } from './get';
import { reset } from './reset';
import { update } from './update';

export const settingDescription = describeResource('setting', [get, reset, update], 'get');
