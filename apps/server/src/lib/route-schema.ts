import { ErrorResponse } from '@rondin/contracts';
import { z } from 'zod';

/** The error answers every authenticated route may give, for the OpenAPI document. */
export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
} as const;

export const bearerAuth = [{ bearer: [] }];

export const pdfResponse = z.any().describe('Documento PDF');
