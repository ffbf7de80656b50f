import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate, newTemplateNames } from './test-database';

/** Migrates one template database per run; every test file copies it. */
export default async function setup(project: TestProject) {
  const names = newTemplateNames();
  await buildTemplate(names);
  project.provide('templateNames', names);
  return () => dropTemplate(names);
}
