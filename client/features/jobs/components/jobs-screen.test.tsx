import type { VideoJob } from '@shared/schemas/jobs';
import type { Tier } from '@shared/tiers';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { testClientConfig } from '@/entities/client-config/test-config';
import { testConnections, testCreatorInfo } from '@/entities/publications/test-publishing';
import { makeMember } from '@/entities/session/test-members';
import { testVoiceSettings, testVoices } from '@/entities/voices/test-voices';
import { AppNavigationContext } from '@/lib/app-navigation';
import { createQueryClient } from '@/lib/query-client';
import { serveFetch } from '@/lib/test-fetch';
import { JobsScreen } from './jobs-screen';

vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

const coffeeJob: VideoJob = {
  id: 5,
  jobName: 'Daily coffee',
  postType: 'video',
  frequency: 'daily',
  scenes: 2,
  aspectRatio: 'landscape',
  isActive: true,
  advancedMode: false,
  masterPrompt: '',
  brandName: 'Ember',
  brandDescription: 'A roaster.',
  focusFeatures: 'Fresh beans.',
  callToAction: 'Order now',
  filmStyle: 'Warm.',
  dynamicSet: 'A new brew each day.',
  sourceImageUrl: null,
  sceneSource: null,
  watermark: true,
  voiceId: 'en-us-ava',
  voiceSpeed: 1.25,
  captionStyle: 'pop',
  itemListIndex: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  nextRunAt: '2099-01-01T09:00:00.000Z',
  lastRunAt: '2026-11-22T09:00:00.000Z',
  lastResult: 'Created "Daily coffee (Nov 22, 09:00)"',
  pausedReason: null,
  publishTo: null,
  lastPublishResult: null,
};

function renderJobs(level: Tier, initialEditJobId: number | null = null) {
  const navigate = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppNavigationContext.Provider value={{ tab: 'jobs', navigate }}>
        <JobsScreen user={makeMember(level)} initialEditJobId={initialEditJobId} />
      </AppNavigationContext.Provider>
    </QueryClientProvider>,
  );
  return { navigate };
}

const toasts = () => vi.mocked(toast).mock.calls.map(([message]) => message);

async function openJobMenu(name: string) {
  const trigger = await screen.findByRole('button', { name: `Actions for ${name}` });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  window.localStorage.clear();
});

describe('Creator Engine list', () => {
  it("shows the intro, six use cases and 'No automations yet'; Back goes to the dashboard", async () => {
    serveFetch({ 'GET /api/video-jobs': { status: 200, body: [] } });
    const { navigate } = renderJobs('Pro');
    expect(await screen.findByText('No automations yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Creator Engine (0)' })).toBeTruthy();
    expect(screen.getByText('Perfect For')).toBeTruthy();
    // With no jobs, the only list is the six use cases.
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(navigate).toHaveBeenCalledWith('dashboard');
  });

  it('folds the intro and use cases away once the member has jobs, so the jobs come first', async () => {
    serveFetch({ 'GET /api/video-jobs': { status: 200, body: [coffeeJob] } });
    renderJobs('Pro');
    const about = await screen.findByRole('button', { name: 'About the Creator Engine' });
    expect(screen.queryByText('Perfect For')).toBeNull();
    fireEvent.click(about);
    expect(await screen.findByText('Perfect For')).toBeTruthy();
  });

  it('lists each job with its schedule and last result, and switches it off', async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'PATCH /api/video-jobs/5': (body) => ({
        status: 200,
        body: { ...coffeeJob, ...(body as object), nextRunAt: null },
      }),
    });
    renderJobs('Pro');
    const card = await screen.findByTestId('job-card');
    expect(screen.getByRole('heading', { name: 'Creator Engine (1)' })).toBeTruthy();
    expect(within(card).getByText(/^Next video: Jan 1/)).toBeTruthy();
    expect(within(card).getByText(/Created "Daily coffee \(Nov 22, 09:00\)"/)).toBeTruthy();
    const toggle = within(card).getByRole('switch', { name: 'Active: Daily coffee' });
    fireEvent.click(toggle);
    await waitFor(() => expect(within(card).getByText('Off: switch it on to resume')).toBeTruthy());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false });
  });

  it("says 'Failed to update job status. Please try again.' when the switch is refused", async () => {
    serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'PATCH /api/video-jobs/5': { status: 500, body: { message: 'Boom' } },
    });
    renderJobs('Pro');
    const card = await screen.findByTestId('job-card');
    fireEvent.click(within(card).getByRole('switch'));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ description: 'Failed to update job status. Please try again.' }),
      ),
    );
  });

  it('offers Run Now to Elite only', async () => {
    serveFetch({ 'GET /api/video-jobs': { status: 200, body: [coffeeJob] } });
    renderJobs('Pro');
    const menu = await openJobMenu('Daily coffee');
    expect(within(menu).queryByRole('menuitem', { name: 'Run Now' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('Run Now sends a creation request naming the job; a failure says so', async () => {
    let fail = false;
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'POST /api/video-creation-requests': () =>
        fail
          ? { status: 500, body: { message: 'Boom' } }
          : { status: 201, body: { id: 1, status: 'queued' } },
    });
    renderJobs('Elite');
    fireEvent.click(
      within(await openJobMenu('Daily coffee')).getByRole('menuitem', { name: 'Run Now' }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ title: 'Video Queued!' })),
    );
    const run = calls.find((call) => call.method === 'POST');
    expect(run?.body).toMatchObject({ jobId: 5, title: 'Daily coffee', aspectRatio: 'landscape' });
    expect(run?.body).toHaveProperty('videoPrompt', expect.stringContaining('A roaster.'));

    fail = true;
    fireEvent.click(
      within(await openJobMenu('Daily coffee')).getByRole('menuitem', { name: 'Run Now' }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ description: 'Failed to execute video job. Please try again.' }),
      ),
    );
  });

  it('Run Now short of credits opens the insufficient-credits dialog', async () => {
    serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'POST /api/video-creation-requests': {
        status: 400,
        body: { message: 'INSUFFICIENT_CREDITS:0' },
      },
    });
    renderJobs('Elite');
    fireEvent.click(
      within(await openJobMenu('Daily coffee')).getByRole('menuitem', { name: 'Run Now' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Insufficient Video Credits' });
    expect(within(dialog).getByRole('button', { name: 'Earn More' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Buy Credits' })).toBeTruthy();
  });

  it("deleting a job someone already deleted says 'Job Already Deleted' and drops it", async () => {
    serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'DELETE /api/video-jobs/5': { status: 404, body: { message: 'Job not found' } },
    });
    renderJobs('Pro');
    fireEvent.click(
      within(await openJobMenu('Daily coffee')).getByRole('menuitem', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Job' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Job' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Job Already Deleted',
          description: 'This job has already been deleted by another user or process.',
        }),
      ),
    );
    expect(await screen.findByText('No automations yet')).toBeTruthy();
  });

  it("any other delete failure says 'Failed to delete video job. Please try again.' and keeps it", async () => {
    serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'DELETE /api/video-jobs/5': { status: 500, body: {} },
    });
    renderJobs('Pro');
    fireEvent.click(
      within(await openJobMenu('Daily coffee')).getByRole('menuitem', { name: 'Delete' }),
    );
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Job' }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ description: 'Failed to delete video job. Please try again.' }),
      ),
    );
    expect(screen.getByTestId('job-card')).toBeTruthy();
  });
});

describe('Creator Engine form', () => {
  it("Free members see 'Upgrade to Create Video Jobs' and a disabled 'Upgrade Required'", async () => {
    serveFetch({ 'GET /api/video-jobs': { status: 200, body: [] } });
    renderJobs('Free');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    expect(await screen.findByText('Upgrade to Create Video Jobs')).toBeTruthy();
    const upgrade = screen.getByRole('button', { name: 'Upgrade Required' }) as HTMLButtonElement;
    expect(upgrade.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Create Job' })).toBeNull();
  });

  it('names the missing fields, then creates an advanced job from the template with Auto-Append', async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [] },
      'GET /api/advanced-mode-template': {
        status: 200,
        body: { template: 'A clip about {Topic}.\n{Topic: tea, coffee}' },
      },
      'POST /api/video-jobs': (body) => ({
        status: 201,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    renderJobs('Pro');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    const form = await screen.findByRole('form', { name: 'Create job' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    expect(toasts()).toContainEqual(
      expect.objectContaining({
        title: 'Missing Required Fields',
        description:
          'Please fill in: Job Name, Brand Description, Focus Features & Messages, Film Style, Dynamic Scene Generation',
      }),
    );

    fireEvent.change(within(form).getByLabelText(/^Job Name/), { target: { value: 'Tea tips' } });
    fireEvent.mouseDown(within(form).getByRole('tab', { name: 'Advanced' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Load Template' }));
    const prompt = (await within(form).findByDisplayValue(/A clip about/)) as HTMLTextAreaElement;
    expect(within(form).getByText(/1 item list \(Topic: 2\)/)).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Auto-Append' }));
    expect(prompt.value).toContain('Video settings:\naspect_ratio: 16:9\nwatermark: true');
    expect(within(form).getByRole('button', { name: 'Success (30s)' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Success (30s)' }));
    expect(toasts()).toContainEqual(expect.objectContaining({ title: 'Please wait' }));
    expect(prompt.value.match(/Video settings:/g)).toHaveLength(1);

    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    await screen.findByText('Creator Engine (0)');
    const created = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(created).toMatchObject({ jobName: 'Tea tips', advancedMode: true, frequency: 'daily' });
    expect(created.masterPrompt).toContain('{Topic: tea, coffee}');
  });

  it('keeps the Auto-Append rest across a reload (local storage)', async () => {
    window.localStorage.setItem('reelforge.autoAppend.lastAt', String(Date.now() - 10_000));
    serveFetch({ 'GET /api/video-jobs': { status: 200, body: [] } });
    renderJobs('Pro');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Advanced' }));
    expect(await screen.findByRole('button', { name: /^Success \((20|19)s\)$/ })).toBeTruthy();
  });

  it("says 'Failed to load sample data' and 'Failed to load sample prompt'", async () => {
    serveFetch({ 'GET /api/video-jobs': { status: 200, body: [] } });
    renderJobs('Pro');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Fill with Sample' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ title: 'Failed to load sample data' }),
      ),
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Advanced' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Load Template' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ title: 'Failed to load sample prompt' }),
      ),
    );
  });

  it("refuses a logo over 10MB with 'Image must be less than 10MB', and says when the upload fails", async () => {
    serveFetch({
      'GET /api/video-jobs': { status: 200, body: [] },
      'POST /api/upload-image': { status: 500, body: {} },
    });
    renderJobs('Pro');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    const input = (await screen.findByLabelText(/^Logo/)) as HTMLInputElement;
    const big = new File(['x'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(toasts()).toContainEqual(
      expect.objectContaining({
        title: 'File too large',
        description: 'Image must be less than 10MB',
      }),
    );
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ title: 'Logo upload failed', description: 'Please try again' }),
      ),
    );
  });

  it('opens a job for editing from #edit= and saves the whole job', async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'PATCH /api/video-jobs/5': (body) => ({
        status: 200,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    renderJobs('Pro', 5);
    const form = await screen.findByRole('form', { name: 'Edit job' });
    expect((within(form).getByLabelText(/^Job Name/) as HTMLInputElement).value).toBe(
      'Daily coffee',
    );
    const scenes = within(form).getByLabelText('Scene Count');
    expect(scenes.textContent).toContain('2 scenes (16 s)');
    fireEvent.keyDown(scenes, { key: 'ArrowDown' });
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '1 scene (8 s)',
      '2 scenes (16 s)',
    ]);
    fireEvent.keyDown(await screen.findByRole('listbox'), { key: 'Escape' });
    fireEvent.change(within(form).getByLabelText(/^Film Style/), { target: { value: 'Moody.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Creator Engine (1)');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      jobName: 'Daily coffee',
      filmStyle: 'Moody.',
      isActive: true,
      scenes: 2,
    });
  });

  it("shows an edited job's own voice, speed and caption style, and saves them with it", async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'GET /api/voices': { status: 200, body: testVoices },
      'GET /api/voice-settings': { status: 200, body: testVoiceSettings },
      'PATCH /api/video-jobs/5': (body) => ({
        status: 200,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    renderJobs('Pro', 5);
    const form = await screen.findByRole('form', { name: 'Edit job' });
    // The job's Ava at 1.25× in pop-in words, not the member's defaults (1.0×, karaoke).
    await waitFor(() =>
      expect(within(form).getByLabelText('Voice').textContent).toContain('Ava — US English'),
    );
    expect(within(form).getByText('1.25×')).toBeTruthy();
    const styles = within(form).getByRole('radiogroup', { name: 'Caption style' });
    expect(
      within(styles).getByRole('radio', { name: 'Bold pop-in words' }).getAttribute('aria-checked'),
    ).toBe('true');

    fireEvent.keyDown(within(form).getByLabelText('Voice'), { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'No voice' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Creator Engine (1)');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      voiceId: null,
      voiceSpeed: 1.25,
      captionStyle: 'pop',
    });
  });

  it('a new job shows the member defaults and leaves them to the server unless changed', async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [] },
      'GET /api/voices': { status: 200, body: testVoices },
      'GET /api/voice-settings': {
        status: 200,
        body: { voiceId: 'fr-fr-lea', voiceSpeed: 0.9, captionStyle: 'minimal' },
      },
      'POST /api/video-jobs': (body) => ({
        status: 201,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    renderJobs('Pro');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    const form = await screen.findByRole('form', { name: 'Create job' });
    await waitFor(() =>
      expect(within(form).getByLabelText('Voice').textContent).toContain('Léa — French'),
    );
    expect(within(form).getByText('0.9×')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Job Name/), { target: { value: 'Tea tips' } });
    fireEvent.mouseDown(within(form).getByRole('tab', { name: 'Advanced' }));
    fireEvent.change(within(form).getByLabelText(/^Dynamic Prompt/), {
      target: { value: 'A clip about tea.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    await screen.findByText('Creator Engine (0)');
    const created = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(created).toMatchObject({ jobName: 'Tea tips' });
    expect(created).not.toHaveProperty('voiceId');
    expect(created).not.toHaveProperty('voiceSpeed');
    expect(created).not.toHaveProperty('captionStyle');
  });

  it("a failed save says 'Failed to Update Job' with the server's reason", async () => {
    serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'PATCH /api/video-jobs/5': {
        status: 400,
        body: { message: 'Running every hour is an Elite feature.' },
      },
    });
    renderJobs('Pro', 5);
    const form = await screen.findByRole('form', { name: 'Edit job' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Failed to Update Job',
          description: 'Running every hour is an Elite feature.',
        }),
      ),
    );
  });

  it("offers the server's scene sources (not My images) after 'Server default', and saves the pick", async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [coffeeJob] },
      'GET /api/client-config': {
        status: 200,
        body: {
          ...testClientConfig,
          sceneSources: ['offline', 'upload', 'ai-image'],
          defaultSceneSource: 'ai-image',
        },
      },
      'PATCH /api/video-jobs/5': (body) => ({
        status: 200,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    renderJobs('Pro', 5);
    const form = await screen.findByRole('form', { name: 'Edit job' });
    const group = within(form).getByRole('radiogroup', { name: 'Scene source' });
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('radio')
          .map((radio) => radio.textContent),
      ).toEqual([
        'Server defaultToday: AI images. Follows the best source this server offers.',
        'Offline picturesA picture of each scene’s subject over a moving background. Instant and free.',
        'AI imagesAn image model paints each scene; we add the camera move.',
      ]),
    );
    expect(
      within(group).getByRole('radio', { name: 'Server default' }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(within(group).getByRole('radio', { name: 'Offline pictures' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Creator Engine (1)');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      sceneSource: 'offline',
    });
  });

  it("shows an edited job's scene source, and 'Server default' saves null", async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [{ ...coffeeJob, sceneSource: 'offline' }] },
      'PATCH /api/video-jobs/5': (body) => ({
        status: 200,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    renderJobs('Pro', 5);
    const form = await screen.findByRole('form', { name: 'Edit job' });
    const group = within(form).getByRole('radiogroup', { name: 'Scene source' });
    expect(
      within(group).getByRole('radio', { name: 'Offline pictures' }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(within(group).getByRole('radio', { name: 'Server default' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Creator Engine (1)');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      sceneSource: null,
    });
  });

  it('says the logo is a mark in the corner of each video', async () => {
    serveFetch({ 'GET /api/video-jobs': { status: 200, body: [] } });
    renderJobs('Pro');
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    const input = await screen.findByLabelText(/^Logo/);
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText(
        'JPG, PNG or GIF under 10MB. Shown as a small mark in the top right corner of each video.',
      ),
    ).toBeTruthy();
  });
});

describe('Creator Engine publishing', () => {
  /** Opens a Radix select from the keyboard and picks an option by name. */
  async function choose(trigger: HTMLElement, name: string) {
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const listbox = await screen.findByRole('listbox');
    fireEvent.click(within(listbox).getByRole('option', { name }));
  }

  async function openNewAdvancedJob() {
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Job' }))[0] as HTMLElement,
    );
    const form = await screen.findByRole('form', { name: 'Create job' });
    fireEvent.change(within(form).getByLabelText(/^Job Name/), { target: { value: 'Tea tips' } });
    fireEvent.mouseDown(within(form).getByRole('tab', { name: 'Advanced' }));
    fireEvent.change(within(form).getByLabelText(/^Dynamic Prompt/), {
      target: { value: 'A clip about tea.' },
    });
    return form;
  }

  it("publishes a job's videos where it is told, asking TikTok's privacy before saving", async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [] },
      'GET /api/connections': { status: 200, body: testConnections },
      'GET /api/connections/tiktok/creator-info': { status: 200, body: testCreatorInfo },
      'POST /api/video-jobs': (body) => ({
        status: 201,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    const { navigate } = renderJobs('Pro');
    const form = await openNewAdvancedJob();
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'YouTube' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'TikTok' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'Private' }));
    expect(await within(form).findByText('Harbour Tok')).toBeTruthy();

    // TikTok's choice is never preset: saving without it says so and sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    expect(toasts()).toContainEqual(
      expect.objectContaining({ description: 'Choose who can watch the video on TikTok.' }),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await choose(
      within(form).getByRole('combobox', { name: 'Who can watch on TikTok' }),
      'Friends',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    await screen.findByText('Creator Engine (0)');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      jobName: 'Tea tips',
      publishTo: {
        platforms: ['youtube', 'tiktok'],
        privacy: 'private',
        tiktokPrivacyLevel: 'MUTUAL_FOLLOW_FRIENDS',
      },
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('holds each video for review when asked, within a window of 1 to 168 hours', async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [] },
      'GET /api/connections': { status: 200, body: testConnections },
      'POST /api/video-jobs': (body) => ({
        status: 201,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    renderJobs('Pro');
    const form = await openNewAdvancedJob();
    // Nothing to hold while the videos go nowhere.
    expect(
      within(form).queryByRole('switch', {
        name: 'Hold each video for my review before publishing',
      }),
    ).toBeNull();
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'YouTube' }));
    const hold = within(form).getByRole('switch', {
      name: 'Hold each video for my review before publishing',
    });
    expect(within(form).queryByLabelText('Review window')).toBeNull();
    fireEvent.click(hold);
    const hours = within(form).getByLabelText('Review window') as HTMLInputElement;
    expect(hours.value).toBe('24');
    expect(
      within(form).getByRole('combobox', { name: "If I don't review it in time" }).textContent,
    ).toContain('Publish it anyway');

    // Out of range: the schema's words under the field once it is left, and nothing is sent.
    const message = 'The review window must be a whole number of hours from 1 to 168.';
    fireEvent.change(hours, { target: { value: '200' } });
    fireEvent.blur(hours);
    expect(within(form).getByRole('alert').textContent).toBe(message);
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    expect(toasts()).toContainEqual(expect.objectContaining({ description: message }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(hours, { target: { value: '48' } });
    expect(within(form).queryByText(message)).toBeNull();
    await choose(
      within(form).getByRole('combobox', { name: "If I don't review it in time" }),
      'Skip it',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      publishTo: {
        platforms: ['youtube'],
        holdForReview: true,
        reviewWindowHours: 48,
        unreviewedAction: 'skip',
      },
    });
  });

  it('sends publishTo null when nothing is ticked, and offers Connect for the others', async () => {
    const calls = serveFetch({
      'GET /api/video-jobs': { status: 200, body: [] },
      'GET /api/connections': { status: 200, body: testConnections },
      'POST /api/video-jobs': (body) => ({
        status: 201,
        body: { ...coffeeJob, ...(body as object) },
      }),
    });
    const { navigate } = renderJobs('Pro');
    const form = await openNewAdvancedJob();
    const instagram = await within(form).findByTestId('publish-platform-instagram');
    fireEvent.click(
      within(instagram).getByRole('button', { name: 'Connect Instagram in Profile' }),
    );
    expect(navigate).toHaveBeenCalledWith(
      'profile',
      expect.objectContaining({ anchor: 'connections' }),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ publishTo: null });
  });

  it('shows where a job publishes and what its last run published', async () => {
    serveFetch({
      'GET /api/video-jobs': {
        status: 200,
        body: [
          {
            ...coffeeJob,
            publishTo: { platforms: ['youtube'], privacy: 'public', tiktokPrivacyLevel: null },
            lastPublishResult: 'Published to YouTube',
          },
        ],
      },
    });
    renderJobs('Pro');
    const card = await screen.findByTestId('job-card');
    expect(within(card).getByText('Publishes to YouTube')).toBeTruthy();
    expect(within(card).getByTestId('job-publish-result').textContent).toBe('Published to YouTube');
  });
});
