import { describeResource } from '../../../shared/operations';
import { get } from './get';
import { getMuted } from './getMuted';
import { getTimezone } from './getTimezone';
import { mute } from './mute';
import { reset } from './reset';
import { unmute } from './unmute';
import { update } from './update';
import { updateTimezone } from './updateTimezone';

export const notificationPreferenceDescription = describeResource(
	'notificationPreference',
	[get, getMuted, getTimezone, mute, reset, unmute, update, updateTimezone],
	'get',
);
