import { describe, expect, it } from 'vitest';
import {
  chaptersMetadata,
  concatArgs,
  concatList,
  encoderArgs,
  escapeFilterValue,
  fitArgs,
  formatNumber,
  motionExpression,
  type SceneLayout,
  sceneArgs,
  testPatternArgs,
  thumbnailArgs,
} from './arguments';

const ENCODER = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-r',
  '30',
  '-force_key_frames',
  '4.3',
  '-threads',
  '2',
  '-c:a',
  'aac',
  '-aac_coder',
  'fast',
  '-b:a',
  '128k',
  '-ar',
  '48000',
  '-ac',
  '2',
  '-movflags',
  '+faststart',
];

describe('encoderArgs', () => {
  it('is the one encoding every clip shares', () => {
    expect(encoderArgs(2)).toEqual(ENCODER);
    expect(encoderArgs(1)).toContain('1');
  });
});

describe('escapeFilterValue', () => {
  it('leaves plain values alone', () => {
    expect(escapeFilterValue('/tmp/scene-1/caption-1.txt')).toBe('/tmp/scene-1/caption-1.txt');
    expect(escapeFilterValue('white@0.7')).toBe('white@0.7');
  });

  it('escapes colons and quotes for the option parser, then again for the graph parser', () => {
    expect(escapeFilterValue('a:b')).toBe(String.raw`a\\:b`);
    expect(escapeFilterValue("it's")).toBe(String.raw`it\\\'s`);
    expect(escapeFilterValue(String.raw`C:\dir`)).toBe(String.raw`C\\:\\\\dir`);
  });

  it('escapes the characters that split filters and chains', () => {
    expect(escapeFilterValue('50%, ok; [x]')).toBe(String.raw`50%\, ok\; \[x\]`);
    expect(escapeFilterValue('if(lt(t,1),0,1)')).toBe(String.raw`if(lt(t\,1)\,0\,1)`);
  });
});

describe('formatNumber', () => {
  it('writes numbers the way ffmpeg expressions read them', () => {
    expect(formatNumber(8)).toBe('8');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(165.46924)).toBe('165.4692');
    expect(formatNumber(-0.00001)).toBe('0');
    expect(formatNumber(1e-7)).toBe('0');
  });
});

describe('motionExpression', () => {
  it('moves linearly over the scene, or eased after a delay, swaying when asked', () => {
    expect(motionExpression({ from: { x: 0, y: 5 }, to: { x: 100, y: 5 }, seconds: 8 }, 'x')).toBe(
      '0+100*clip((t-0)/8,0,1)',
    );
    expect(motionExpression({ from: { x: 0, y: 5 }, to: { x: 100, y: 5 }, seconds: 8 }, 'y')).toBe(
      '5',
    );
    expect(
      motionExpression(
        { from: { x: 1280, y: 0 }, to: { x: 0, y: 0 }, seconds: 0.45, delay: 7.55, easeOut: true },
        'x',
      ),
    ).toBe('1280+-1280*(1-pow(1-clip((t-7.55)/0.45,0,1),3))');
    expect(
      motionExpression(
        {
          from: { x: 10, y: 10 },
          to: { x: 10, y: 10 },
          seconds: 8,
          sway: { x: 4, y: 0, period: 4, phase: 1 },
        },
        'x',
      ),
    ).toBe('10+4*sin(1.5708*t+1)');
  });
});

describe('sceneArgs', () => {
  const base: SceneLayout = {
    outputFile: '/work/scene.mp4',
    width: 1280,
    height: 720,
    durationSeconds: 8,
    fadeInSeconds: 0.4,
    fadeOutSeconds: 0,
    threads: 2,
    background: {
      kind: 'gradient',
      file: '/work/bg.ppm',
      width: 1536,
      height: 864,
      from: { x: 20, y: 100 },
      to: { x: 236, y: 44 },
    },
    layers: [],
    wipes: [],
    subtitlesFile: '/work/text.ass',
    captionsFile: null,
    audioFile: '/work/music.wav',
    audioOffsetSeconds: 0,
  };
  const tail = (musicInput: number) => [
    '-map',
    '[video]',
    '-map',
    `${musicInput}:a`,
    ...ENCODER,
    '-t',
    '8',
    '-y',
    '/work/scene.mp4',
  ];

  it('pans a gradient still scaled once, letters it with libass and lays the music under it', () => {
    expect(sceneArgs(base)).toEqual([
      '-i',
      '/work/bg.ppm',
      '-i',
      '/work/music.wav',
      '-filter_complex',
      '[0:v]scale=1536:864:flags=bicubic,format=yuv420p,loop=loop=-1:size=1,setpts=N/30/TB,' +
        'crop=1280:720:x=20+216*t/8:y=100-56*t/8[layer0];' +
        '[layer0]ass=/work/text.ass[layer1];' +
        '[layer1]null,fade=t=in:st=0:d=0.4,format=yuv420p[video]',
      ...tail(1),
    ]);
  });

  it('zooms and pans a photo with zoompan after one scale to the cover size, at 15 steps a second', () => {
    const plan: SceneLayout = {
      ...base,
      fadeInSeconds: 0,
      background: {
        kind: 'image',
        file: '/work/photo.jpg',
        coverWidth: 1382,
        coverHeight: 778,
        zoomFrom: 1,
        zoomTo: 1.08,
        focusFrom: { x: 0.5, y: 0.5 },
        focusTo: { x: 0.3, y: 0.6 },
      },
    };
    const graph = sceneArgs(plan)[5] ?? '';
    expect(graph).toBe(
      '[0:v]trim=end_frame=1,scale=1382:778:force_original_aspect_ratio=increase:flags=lanczos,' +
        'crop=1382:778,setsar=1,format=yuv420p,' +
        'zoompan=z=1+0.08*on/120:x=floor((0.5-0.2*on/120)*(iw-floor(iw/zoom))):' +
        'y=floor((0.5+0.1*on/120)*(ih-floor(ih/zoom))):d=121:s=1280x720:fps=15,fps=30[layer0];' +
        '[layer0]ass=/work/text.ass[layer1];[layer1]null,format=yuv420p[video]',
    );
  });

  it('shows a photo of another shape whole over a blurred copy of itself, drifting', () => {
    const plan: SceneLayout = {
      ...base,
      background: {
        kind: 'contain',
        file: '/work/strip.png',
        width: 1178,
        height: 78,
        motion: { from: { x: 51, y: 307 }, to: { x: 51, y: 335 }, seconds: 8 },
      },
    };
    const graph = sceneArgs(plan)[5] ?? '';
    expect(graph).toContain('[0:v]trim=end_frame=1,split[photo][copy]');
    expect(graph).toContain('boxblur=4:2,scale=1280:720:flags=bicubic,lutyuv=y=val*0.55');
    expect(graph).toContain('[photo]scale=1178:78:flags=lanczos');
    expect(graph).toContain(
      '[blurred][contained]overlay=x=51:y=307+28*clip((t-0)/8\\,0\\,1):shortest=1[layer0]',
    );
  });

  it('lays moving layers under the text, wipes over it, and keeps the captions as a subtitle track', () => {
    const plan: SceneLayout = {
      ...base,
      fadeInSeconds: 0,
      fadeOutSeconds: 0.5,
      captionsFile: '/work/captions.srt',
      layers: [
        {
          file: '/work/light.pam',
          width: 576,
          height: 576,
          position: { from: { x: -100, y: 50 }, to: { x: 60, y: 50 }, seconds: 8 },
          window: null,
        },
        {
          file: '/work/scrim.pam',
          width: 1280,
          height: 324,
          position: { x: 0, y: 396 },
          window: null,
        },
      ],
      wipes: [
        {
          file: '/work/wipe.pam',
          width: 1280,
          height: 720,
          position: { from: { x: 0, y: 0 }, to: { x: -1280, y: 0 }, seconds: 0.45, easeOut: true },
          window: { from: 0, to: 0.45, fade: 0 },
        },
      ],
    };
    const args = sceneArgs(plan);
    expect(args.slice(0, 12)).toEqual([
      '-i',
      '/work/bg.ppm',
      '-i',
      '/work/light.pam',
      '-i',
      '/work/scrim.pam',
      '-i',
      '/work/wipe.pam',
      '-i',
      '/work/music.wav',
      '-i',
      '/work/captions.srt',
    ]);
    const graph = args[13] ?? '';
    expect(graph.split(';').slice(1)).toEqual([
      '[1:v]scale=576:576:flags=bicubic,format=yuva420p[input1]',
      '[layer0][input1]overlay=x=-100+160*clip((t-0)/8\\,0\\,1):y=50[layer1]',
      '[2:v]scale=1280:324:flags=bicubic,format=yuva420p[input2]',
      '[layer1][input2]overlay=x=0:y=396[layer2]',
      '[layer2]ass=/work/text.ass[layer3]',
      '[3:v]scale=1280:720:flags=bicubic,format=yuva420p,loop=loop=13:size=1,setpts=N/30/TB+0/TB[input3]',
      '[layer3][input3]overlay=x=0+-1280*(1-pow(1-clip((t-0)/0.45\\,0\\,1)\\,3)):y=0:eof_action=pass[layer4]',
      '[layer4]null,fade=t=out:st=7.5:d=0.5,format=yuv420p[video]',
    ]);
    expect(args.slice(14, 20)).toEqual(['-map', '[video]', '-map', '4:a', '-map', '5:s']);
    expect(args.slice(20, 22)).toEqual(['-c:s', 'mov_text']);
  });

  it("pushes in on a shot's picture over its window only, keeping its transparency", () => {
    const plan: SceneLayout = {
      ...base,
      keyframeSeconds: 2.3,
      layers: [
        {
          file: '/work/picture-1.png',
          width: 376,
          height: 376,
          position: { x: 452, y: 114 },
          window: { from: 2.45, to: 5.25, fade: 0.3 },
          zoom: { to: 1.14 },
        },
      ],
    };
    const args = sceneArgs(plan);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph.split(';')[1]).toBe(
      [
        // Read at its drawn size (376 / 1.14), padded to its canvas with transparency, grown by
        // zoompan frame by frame, then placed at the window's start and faded in and out.
        '[1:v]scale=330:330:flags=bicubic',
        'format=yuva420p',
        'loop=loop=83:size=1',
        'pad=376:376:(ow-iw)/2:(oh-ih)/2:color=black@0',
        'setpts=N/30/TB',
        'zoompan=z=1+0.14*on/84:x=iw/2-iw/zoom/2:y=ih/2-ih/zoom/2:d=1:s=376x376:fps=30',
        'setpts=N/30/TB+2.45/TB',
        'fade=t=in:st=2.45:d=0.3:alpha=1',
        'fade=t=out:st=4.95:d=0.3:alpha=1[input1]',
      ].join(','),
    );
    // The keyframe sits just before the thumbnail, wherever that falls.
    expect(args[args.indexOf('-force_key_frames') + 1]).toBe('2.3');
  });
});

describe('joining, thumbnails and the bench floor', () => {
  it('lists clips for the concat demuxer, quoting any path literally', () => {
    expect(concatList(['/a/scene-1.mp4', "/b/it's.mp4"])).toBe(
      "file '/a/scene-1.mp4'\nfile '/b/it'\\''s.mp4'\n",
    );
  });

  it('joins by stream copy, moov atom first', () => {
    expect(concatArgs('/w/clips.txt', '/w/video.mp4')).toEqual([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      '/w/clips.txt',
      '-map',
      '0:v',
      '-map',
      '0:a?',
      '-map',
      '0:s?',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      '/w/video.mp4',
    ]);
  });

  it('joins with the scenes as chapters, from an FFMETADATA file', () => {
    expect(concatArgs('/w/clips.txt', '/w/video.mp4', '/w/chapters.txt').slice(0, 10)).toEqual([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      '/w/clips.txt',
      '-i',
      '/w/chapters.txt',
      '-map_chapters',
      '1',
    ]);
    expect(
      chaptersMetadata([
        { start: 0, end: 5.42, title: 'Coffee at home' },
        { start: 5.42, end: 8.5, title: 'Brew = 4 min; stir #1\nthen\\ pour' },
      ]),
    ).toBe(
      [
        ';FFMETADATA1',
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        'START=0',
        'END=5420',
        'title=Coffee at home',
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        'START=5420',
        'END=8500',
        'title=Brew \\= 4 min\\; stir \\#1 then\\\\ pour',
        '',
      ].join('\n'),
    );
  });

  it('takes one JPEG frame, seeking before the input', () => {
    expect(thumbnailArgs('/w/video.mp4', '/w/thumb.jpg', 2)).toEqual([
      '-threads',
      '1',
      '-ss',
      '2',
      '-i',
      '/w/video.mp4',
      '-frames:v',
      '1',
      '-an',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-f',
      'image2',
      '-update',
      '1',
      '-y',
      '/w/thumb.jpg',
    ]);
    const beforeStart = thumbnailArgs('/w/v.mp4', '/w/t.jpg', -1);
    expect(beforeStart[beforeStart.indexOf('-ss') + 1]).toBe('0');
  });

  it('encodes testsrc2 with the same settings and music as a scene', () => {
    expect(
      testPatternArgs({
        outputFile: '/w/bare.mp4',
        width: 720,
        height: 1280,
        durationSeconds: 8,
        musicFile: '/w/music.wav',
        threads: 2,
      }),
    ).toEqual([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=720x1280:r=30:d=8',
      '-i',
      '/w/music.wav',
      '-map',
      '0:v',
      '-map',
      '1:a',
      ...ENCODER,
      '-t',
      '8',
      '-y',
      '/w/bare.mp4',
    ]);
  });
});

describe('fitArgs', () => {
  it('letterboxes into the target size with the shared encoding', () => {
    expect(fitArgs('/in/scene.mp4', '/out/fit.mp4', { width: 1280, height: 720 }, 2)).toEqual([
      '-i',
      '/in/scene.mp4',
      '-vf',
      'scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1',
      ...encoderArgs(2),
      '-f',
      'mp4',
      '-y',
      '/out/fit.mp4',
    ]);
  });
});
