import { describe, expect, it } from 'vitest';
import {
  appAddressAfterLogin,
  highlightedTab,
  isAppTab,
  isStoryboardPath,
  parseAppLocation,
  storyboardPath,
} from './app-tabs';

describe('parseAppLocation', () => {
  it('carries the result of a checkout the member comes back from', () => {
    expect(parseAppLocation('?tab=purchase&checkout=success', '')).toEqual({
      tab: 'purchase',
      anchor: null,
      checkout: 'success',
    });
    expect(parseAppLocation('?tab=purchase&checkout=cancelled', '').checkout).toBe('cancelled');
    expect(parseAppLocation('?tab=purchase&checkout=maybe', '').checkout).toBeUndefined();
  });

  it('opens the dashboard by default', () => {
    expect(parseAppLocation('', '')).toEqual({ tab: 'dashboard', anchor: null });
  });

  it('opens the jobs tab for the #video-jobs anchor', () => {
    expect(parseAppLocation('', '#video-jobs')).toEqual({ tab: 'jobs', anchor: null });
  });

  it('opens the Creator Engine at /jobs, and a job for editing at #edit={jobId}', () => {
    expect(parseAppLocation('', '', '/jobs')).toEqual({ tab: 'jobs', anchor: null });
    expect(parseAppLocation('', '', '/jobs/')).toEqual({ tab: 'jobs', anchor: null });
    expect(parseAppLocation('', '#edit=42', '/jobs')).toEqual({
      tab: 'jobs',
      anchor: null,
      editJobId: 42,
    });
    expect(parseAppLocation('', '#edit=abc', '/jobs')).toEqual({ tab: 'jobs', anchor: null });
    expect(parseAppLocation('', '', '/library').tab).toBe('dashboard');
  });

  it('opens the storyboard editor at /storyboards/{id}, and only there', () => {
    expect(parseAppLocation('', '', '/storyboards/7')).toEqual({
      tab: 'storyboard',
      anchor: null,
      storyboardId: 7,
    });
    expect(parseAppLocation('', '', storyboardPath(12)).storyboardId).toBe(12);
    expect(parseAppLocation('', '', '/storyboards/abc').tab).toBe('dashboard');
    expect(parseAppLocation('', '', '/storyboards').tab).toBe('dashboard');
    // The editor needs its storyboard: `?tab=storyboard` names no tab.
    expect(isAppTab('storyboard')).toBe(false);
    expect(parseAppLocation('?tab=storyboard', '').tab).toBe('dashboard');
    expect(isStoryboardPath('/storyboards/7/')).toBe(true);
    expect(isStoryboardPath('/jobs')).toBe(false);
    expect(highlightedTab('storyboard')).toBe('create');
    expect(highlightedTab('library')).toBe('library');
  });

  it('reads the signed-in support and earn links of the spec', () => {
    expect(parseAppLocation('?tab=profile', '#support')).toEqual({
      tab: 'profile',
      anchor: 'support',
    });
    expect(parseAppLocation('?tab=profile&section=earn', '')).toEqual({
      tab: 'profile',
      anchor: 'earn',
    });
  });

  it('reads the signed-out login links of the spec', () => {
    expect(parseAppLocation('?redirect=profile&section=support', '')).toEqual({
      tab: 'profile',
      anchor: 'support',
    });
    expect(parseAppLocation('?redirect=profile&tab=earn', '')).toEqual({
      tab: 'profile',
      anchor: 'earn',
    });
  });

  it('ignores an unknown tab', () => {
    expect(parseAppLocation('?tab=admin', '').tab).toBe('dashboard');
  });
});

describe('appAddressAfterLogin', () => {
  it('goes to the app root without parameters', () => {
    expect(appAddressAfterLogin('')).toBe('/');
    expect(appAddressAfterLogin('?ref=ABC')).toBe('/');
  });

  it('keeps the tab and section the login link asked for', () => {
    expect(appAddressAfterLogin('?redirect=profile&tab=earn')).toBe('/?tab=profile&section=earn');
    expect(appAddressAfterLogin('?redirect=profile&section=support')).toBe(
      '/?tab=profile&section=support',
    );
  });
});
