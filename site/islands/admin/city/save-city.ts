import type { ApiErrorBody, City, HeroUploadResult } from '@forkcast/shared/contracts';
import { apiRequest, messageOf, RequestError } from '../../shared/api';
import { heroUrlOf } from '../DashboardHeroPicker';
import { CITY_FIELDS, cityChanges, type CityDraft, type CityField } from './city-form';

/** The hero upload failed, so nothing was saved; its message says why. */
export class HeroUploadFailed extends Error {}

async function uploadHero(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  try {
    return ((await (await apiRequest('POST', '/api/upload/hero-image', form)).json()) as HeroUploadResult).filePath;
  } catch (error) {
    throw new HeroUploadFailed(messageOf(error, 'Failed to upload the image. Please try again.'));
  }
}

/**
 * Saves the form: a chosen photo goes through the image pipeline first (nothing else is written if
 * that fails), then the city is created, or only what changed since `saved` is sent, made to
 * `version` (refused with 412 if the city has changed since).
 */
export async function saveCity(cityId: number | undefined, form: CityDraft, saved: CityDraft | undefined, version: number | undefined) {
  const heroImage = form.hero.file ? await uploadHero(form.hero.file) : heroUrlOf(form.hero) || null;
  const body = cityChanges(form, saved, heroImage);
  const response =
    cityId === undefined
      ? await apiRequest('POST', '/api/cities', body)
      : await apiRequest('PATCH', `/api/cities/${cityId}`, body, { version });
  return { response, answer: (await response.clone().json()) as City };
}

/** The field a refusal names, when the editor has it. */
export function refusedField(error: unknown): CityField | undefined {
  if (!(error instanceof RequestError)) return undefined;
  try {
    const { field } = JSON.parse(error.body) as Partial<ApiErrorBody>;
    return CITY_FIELDS.find((name) => name === field);
  } catch {
    return undefined;
  }
}
