/** A crop in the rotated image's own pixels, as react-easy-crop reports it. */
export interface PixelCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded.'));
    image.src = url;
  });
}

/**
 * Draws the image turned by `rotation` degrees onto a canvas as large as its turned bounding box
 * (the space react-easy-crop measures the crop in), then copies the crop out as a JPEG.
 */
export async function cropImage(url: string, crop: PixelCrop, rotation: number): Promise<Blob> {
  const image = await loadImage(url);
  const radians = (rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  const turned = document.createElement('canvas');
  turned.width = Math.round(image.naturalWidth * cos + image.naturalHeight * sin);
  turned.height = Math.round(image.naturalWidth * sin + image.naturalHeight * cos);
  const context = turned.getContext('2d')!;
  context.translate(turned.width / 2, turned.height / 2);
  context.rotate(radians);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  const out = document.createElement('canvas');
  out.width = Math.round(crop.width);
  out.height = Math.round(crop.height);
  out.getContext('2d')!.drawImage(turned, crop.x, crop.y, crop.width, crop.height, 0, 0, out.width, out.height);
  return new Promise((resolve, reject) =>
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The cropped image could not be made.'))), 'image/jpeg', 0.92),
  );
}
