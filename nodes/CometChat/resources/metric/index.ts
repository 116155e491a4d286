import { describeResource } from '../../../shared/operations';
import { getMessageMetrics } from './getMessageMetrics';
import { getUsageMetrics } from './getUsageMetrics';

export const metricDescription = describeResource('metric', [getMessageMetrics, getUsageMetrics], 'getUsageMetrics');
